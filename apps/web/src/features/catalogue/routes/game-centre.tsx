import type { MenuVendor } from '@kismat/contracts/catalogue';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useGameMenus } from '../api/get-game-menus';
import styles from '../components/category-page.module.css';
import { VendorTile } from '../components/vendor-tile';
import { categoryFromPath } from '../utils/category-from-path';
import { categoryIcon } from '../utils/category-meta';
import { sortVendors } from '../utils/nav-items';

/** Game centre (sports, e-sports, lottery, e-lottery, cockfight): one lane of vendors. */
export function GameCentre({
  onOpenVendor,
  onPlayVendor,
}: {
  onOpenVendor: (vendor: MenuVendor) => void;
  onPlayVendor: (vendor: MenuVendor) => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const category = categoryFromPath(location.pathname);
  const { data: menus, isPending } = useGameMenus();
  if (!category) return <Navigate to={paths.home.getHref()} replace />;

  const selected = searchParams.get('vassalage');
  const vendors = sortVendors((menus ?? []).filter((menu) => menu.gameType === category).flatMap((menu) => menu.vendors));
  return (
    <PageFrame title={t(`categories.${category}`)} subtitle={t(`categoryIntro.${category}`)} icon={categoryIcon(category)}>
      {isPending ? (
        <Spinner label={t('common.loading')} isCentered />
      ) : vendors.length === 0 ? (
        <EmptyState icon={categoryIcon(category)} title={t('catalogue.noVendorsTitle')} text={t('catalogue.noVendorsText')} />
      ) : (
        <>
          <h2 className={styles.sectionTitle}>{t('catalogue.vendorsHeading')}</h2>
          <div className={styles.vendorGrid}>
            {vendors.map((vendor) => (
              <VendorTile
                key={vendor.vassalage}
                vendor={vendor}
                isSelected={vendor.vassalage === selected}
                isEager
                onOpen={onOpenVendor}
                onPlayNow={onPlayVendor}
              />
            ))}
          </div>
          <p className={styles.hint}>{t('games.centre.hint')}</p>
        </>
      )}
    </PageFrame>
  );
}
