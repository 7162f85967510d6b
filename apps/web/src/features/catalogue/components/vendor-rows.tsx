import type { GameMenu, MenuVendor } from '@kismat/contracts/catalogue';
import { type GameCategory, HOME_ROWS } from '@kismat/contracts/constants';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { CATEGORY_PATHS } from '@/config/paths';
import { useGameMenus } from '../api/get-game-menus';
import { categoryIcon } from '../utils/category-meta';
import { sortVendors } from '../utils/nav-items';
import styles from './vendor-rows.module.css';
import { VendorTile, VendorTileSkeleton } from './vendor-tile';

/** Spec section 9: home vendor rows are capped at 12; carousels get arrows above 12. */
export const HOME_ROW_LIMIT = 12;
export const ROW_ARROWS_ABOVE = 12;

interface VendorRowsProps {
  onOpenVendor?: (vendor: MenuVendor) => void;
  onPlayVendor?: (vendor: MenuVendor) => void;
}

/** A row of vendor tiles; above 12 vendors it scrolls sideways with arrows. */
function VendorStrip({
  vendors,
  total,
  isEager,
  onOpenVendor,
  onPlayVendor,
}: VendorRowsProps & { vendors: MenuVendor[]; total: number; isEager: boolean }) {
  const { t } = useTranslation();
  const stripRef = useRef<HTMLDivElement>(null);
  const hasArrows = total > ROW_ARROWS_ABOVE;
  const scroll = (direction: 1 | -1) => {
    const strip = stripRef.current;
    if (strip) strip.scrollBy({ left: direction * strip.clientWidth * 0.9, behavior: 'smooth' });
  };
  return (
    <div className={styles.stripWrap} data-has-arrows={hasArrows ? '' : undefined}>
      {hasArrows ? (
        <button
          type="button"
          className={[blocks.circleButton, styles.arrow, styles.arrowPrev].join(' ')}
          onClick={() => scroll(-1)}
          aria-label={t('catalogue.previousVendors')}
        >
          <Icon name="chevronLeft" size={18} />
        </button>
      ) : null}
      <div ref={stripRef} className={hasArrows ? styles.strip : styles.grid}>
        {vendors.map((vendor) => (
          <VendorTile key={vendor.vassalage} vendor={vendor} isEager={isEager} onOpen={onOpenVendor} onPlayNow={onPlayVendor} />
        ))}
      </div>
      {hasArrows ? (
        <button
          type="button"
          className={[blocks.circleButton, styles.arrow, styles.arrowNext].join(' ')}
          onClick={() => scroll(1)}
          aria-label={t('catalogue.nextVendors')}
        >
          <Icon name="chevronRight" size={18} />
        </button>
      ) : null}
    </div>
  );
}

function vendorsOf(menus: readonly GameMenu[], category: GameCategory) {
  return sortVendors(menus.filter((menu) => menu.gameType === category).flatMap((menu) => menu.vendors));
}

/** Home rows in the spec's order (RNG, LIVE, FISH, PVP, SPORTS, ESPORTS, COCKFIGHT). */
export function VendorRows({ onOpenVendor, onPlayVendor }: VendorRowsProps = {}) {
  const { t } = useTranslation();
  const { data: menus, isPending, isError, refetch } = useGameMenus();

  if (isPending) {
    return (
      <div className={styles.rows} aria-busy="true">
        {HOME_ROWS.slice(0, 2).map((category) => (
          <div key={category} className={styles.skeleton}>
            <div className={`${blocks.apart} ${styles.head}`}>
              <div className={styles.skeletonTitle} />
            </div>
            <div className={styles.grid}>
              {Array.from({ length: 6 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
                <VendorTileSkeleton key={index} />
              ))}
            </div>
          </div>
        ))}
        <span className="visually-hidden" role="status">
          {t('common.loading')}
        </span>
      </div>
    );
  }

  if (isError) {
    return (
      <div className={`${blocks.spread} ${styles.error}`} role="alert">
        <span>{t('catalogue.loadFailed')}</span>
        <Button variant="ghost" size="small" onClick={() => void refetch()}>
          <Icon name="refresh" size={16} />
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  const rows = HOME_ROWS.map((category) => ({ category, vendors: vendorsOf(menus, category) })).filter((row) => row.vendors.length > 0);
  return (
    <div className={styles.rows}>
      {rows.map(({ category, vendors }, rowIndex) => {
        const headingId = `home-row-${category.toLowerCase()}`;
        return (
          <section key={category} className={styles.row} aria-labelledby={headingId} data-testid={`home-row-${category}`}>
            <div className={`${blocks.apart} ${styles.head}`}>
              <h2 id={headingId} className={styles.title}>
                <span className={styles.titleIcon}>
                  <Icon name={categoryIcon(category)} size={20} />
                </span>
                {t(`categories.${category}`)}
                <span className={styles.count}>{t('catalogue.vendorCount', { count: vendors.length })}</span>
              </h2>
              <Link to={CATEGORY_PATHS[category]} className={styles.more}>
                {t('common.viewAll')}
                <Icon name="chevronRight" size={14} />
                <span className="visually-hidden">{t(`categories.${category}`)}</span>
              </Link>
            </div>
            <VendorStrip
              vendors={vendors.slice(0, HOME_ROW_LIMIT)}
              total={vendors.length}
              isEager={rowIndex === 0}
              onOpenVendor={onOpenVendor}
              onPlayVendor={onPlayVendor}
            />
          </section>
        );
      })}
    </div>
  );
}
