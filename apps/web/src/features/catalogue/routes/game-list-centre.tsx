import type { GameItem } from '@kismat/contracts/catalogue';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { PageFrame } from '@/components/ui/page-frame';
import { getCategoryHref, paths } from '@/config/paths';
import { centreCurrentInStripAfterLayout } from '@/lib/scroll-into-strip';
import { useGameMenus } from '../api/get-game-menus';
import styles from '../components/category-page.module.css';
import { GameBrowser } from '../components/game-browser';
import { categoryFromPath } from '../utils/category-from-path';
import { categoryIcon } from '../utils/category-meta';
import { sortVendors } from '../utils/nav-items';

/** Game list centre (live, fish, slots, PVP, in-house): vendor chips and the game grid. */
export function GameListCentre({ renderGame }: { renderGame: (game: GameItem, index: number) => ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const category = categoryFromPath(location.pathname);
  const { data: menus } = useGameMenus();
  const chipsRef = useRef<HTMLUListElement>(null);
  const selected = searchParams.get('vassalage');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-centre when the vendor or the list changes.
  useEffect(() => centreCurrentInStripAfterLayout(chipsRef.current), [selected, menus]);
  if (!category) return <Navigate to={paths.home.getHref()} replace />;

  // /rng (and its siblings) accept ?vassalage= to open on one vendor's games.
  const vendors = sortVendors((menus ?? []).filter((menu) => menu.gameType === category).flatMap((menu) => menu.vendors));
  const selectedVendor = vendors.find((vendor) => vendor.vassalage === selected);
  return (
    <PageFrame title={t(`categories.${category}`)} subtitle={t(`categoryIntro.${category}`)} icon={categoryIcon(category)}>
      <nav aria-label={t('catalogue.vendorsHeading')}>
        <ul ref={chipsRef} className={styles.chips}>
          <li>
            <Link to={getCategoryHref(category)} className={`${blocks.chip} ${styles.chip}`} aria-current={selected ? undefined : 'true'}>
              {t('catalogue.allVendors')}
            </Link>
          </li>
          {vendors.map((vendor) => (
            <li key={vendor.vassalage}>
              <Link
                to={getCategoryHref(category, vendor.vassalage)}
                className={`${blocks.chip} ${styles.chip}`}
                aria-current={vendor.vassalage === selected ? 'true' : undefined}
              >
                <img src={vendor.logoUrl} alt="" width={28} height={18} loading="lazy" decoding="async" />
                {vendor.displayName}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <GameBrowser
        gameType={category}
        vassalage={selectedVendor?.vassalage}
        heading={selectedVendor ? selectedVendor.displayName : t('catalogue.allGames')}
        renderGame={renderGame}
      />
    </PageFrame>
  );
}
