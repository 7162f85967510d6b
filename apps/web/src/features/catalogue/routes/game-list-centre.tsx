import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { getCategoryHref, paths } from '@/config/paths';
import { centreCurrentInStrip } from '@/lib/scroll-into-strip';
import { useGameMenus } from '../api/get-game-menus';
import styles from '../components/category-page.module.css';
import { categoryFromPath } from '../utils/category-from-path';
import { categoryIcon } from '../utils/category-meta';
import { sortVendors } from '../utils/nav-items';

/** Game selection filters of spec section 3. */
const GAME_FILTERS = ['ALL', 'HOT', 'NEW', 'FAV', 'RECENT'] as const;
type GameFilter = (typeof GAME_FILTERS)[number];

/** Game list centre (live, fish, slots, PVP, in-house): vendor chips and the game grid. */
export function GameListCentreRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const category = categoryFromPath(location.pathname);
  const { data: menus } = useGameMenus();
  const [filter, setFilter] = useState<GameFilter>('ALL');
  const chipsRef = useRef<HTMLUListElement>(null);
  const selected = searchParams.get('vassalage');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-centre when the vendor or the list changes.
  useEffect(() => centreCurrentInStrip(chipsRef.current), [selected, menus]);
  if (!category) return <Navigate to={paths.home.getHref()} replace />;

  // /rng (and its siblings) accept ?vassalage= to open on one vendor's games.
  const vendors = sortVendors((menus ?? []).filter((menu) => menu.gameType === category).flatMap((menu) => menu.vendors));
  const selectedVendor = vendors.find((vendor) => vendor.vassalage === selected);
  return (
    <PageFrame title={t(`categories.${category}`)} subtitle={t(`categoryIntro.${category}`)} icon={categoryIcon(category)}>
      <nav aria-label={t('catalogue.vendorsHeading')}>
        <ul ref={chipsRef} className={styles.chips}>
          <li>
            <Link to={getCategoryHref(category)} className={styles.chip} aria-current={selected ? undefined : 'true'}>
              {t('catalogue.allVendors')}
            </Link>
          </li>
          {vendors.map((vendor) => (
            <li key={vendor.vassalage}>
              <Link
                to={getCategoryHref(category, vendor.vassalage)}
                className={styles.chip}
                aria-current={vendor.vassalage === selected ? 'true' : undefined}
              >
                <img src={vendor.logoUrl} alt="" width={28} height={18} loading="lazy" decoding="async" />
                {vendor.displayName}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.toolbar}>
        <h2 className={styles.sectionTitle}>{selectedVendor ? selectedVendor.displayName : t('catalogue.allGames')}</h2>
        <fieldset className={styles.filters} aria-label={t('catalogue.filterLabel')}>
          {GAME_FILTERS.map((value) => (
            <button key={value} type="button" className={styles.chip} aria-pressed={filter === value} onClick={() => setFilter(value)}>
              {t(`catalogue.filters.${value}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <EmptyState icon={categoryIcon(category)} title={t('catalogue.gamesComingTitle')} text={t('catalogue.gamesComingText')} />
    </PageFrame>
  );
}
