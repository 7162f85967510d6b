import type { GameMenu } from '@kismat/contracts/catalogue';
import { type GameCategory, HOME_ROWS } from '@kismat/contracts/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { CATEGORY_PATHS } from '@/config/paths';
import { useGameMenus } from '../api/get-game-menus';
import { categoryIcon } from '../utils/category-meta';
import { sortVendors } from '../utils/nav-items';
import styles from './vendor-rows.module.css';
import { VendorTile, VendorTileSkeleton } from './vendor-tile';

/** Spec section 9: home vendor rows are capped at 12. */
export const HOME_ROW_LIMIT = 12;

function vendorsOf(menus: readonly GameMenu[], category: GameCategory) {
  return sortVendors(menus.filter((menu) => menu.gameType === category).flatMap((menu) => menu.vendors));
}

/** Home rows in the spec's order (RNG, LIVE, FISH, PVP, SPORTS, ESPORTS, COCKFIGHT). */
export function VendorRows() {
  const { t } = useTranslation();
  const { data: menus, isPending, isError, refetch } = useGameMenus();

  if (isPending) {
    return (
      <div className={styles.rows} aria-busy="true">
        {HOME_ROWS.slice(0, 2).map((category) => (
          <div key={category} className={styles.skeleton}>
            <div className={styles.head}>
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
      <div className={styles.error} role="alert">
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
          <section key={category} className={styles.row} aria-labelledby={headingId}>
            <div className={styles.head}>
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
            <div className={styles.grid}>
              {vendors.slice(0, HOME_ROW_LIMIT).map((vendor) => (
                <VendorTile key={vendor.vassalage} vendor={vendor} isEager={rowIndex === 0} />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
