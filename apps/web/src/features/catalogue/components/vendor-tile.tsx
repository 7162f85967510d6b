import type { MenuVendor } from '@kismat/contracts/catalogue';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { getCategoryHref } from '@/config/paths';
import styles from './vendor-tile.module.css';

interface VendorTileProps {
  vendor: MenuVendor;
  isSelected?: boolean;
  /** Only the first visible row loads eagerly; the rest wait until scrolled near. */
  isEager?: boolean;
}

/**
 * Vendor tile: logo and name; the immediate-game button is hidden for vendor type RNG (spec).
 * Launching is the game feature's job: for now the vendor opens preselected on its page.
 */
export function VendorTile({ vendor, isSelected = false, isEager = false }: VendorTileProps) {
  const { t } = useTranslation();
  const href = getCategoryHref(vendor.gameType, vendor.vassalage);
  const className = [styles.tile, isSelected ? styles.selected : '', vendor.isMaintenance ? styles.isMaintenance : '']
    .filter(Boolean)
    .join(' ');
  return (
    <article className={className}>
      <Link to={href} className={styles.link} aria-current={isSelected ? 'true' : undefined}>
        <div className={styles.art}>
          <img
            className={styles.logo}
            src={vendor.logoUrl}
            alt={t('catalogue.vendorLogo', { name: vendor.displayName })}
            width={160}
            height={100}
            loading={isEager ? 'eager' : 'lazy'}
            decoding="async"
          />
          {vendor.isMaintenance ? <span className={styles.maintenance}>{t('catalogue.maintenance')}</span> : null}
        </div>
        <div className={styles.meta}>
          <span className={styles.name}>{vendor.displayName}</span>
          {vendor.vendorType !== 'RNG' ? (
            <span className={styles.play} title={t('catalogue.playNow')}>
              <Icon name="play" size={14} strokeWidth={0} fill="currentColor" />
              <span className="visually-hidden">{t('catalogue.playNow')}</span>
            </span>
          ) : null}
        </div>
      </Link>
    </article>
  );
}

export function VendorTileSkeleton() {
  return (
    <div className={styles.tile} aria-hidden="true">
      <div className={styles.art} />
      <div className={styles.meta}>
        <span className={styles.name}>&nbsp;</span>
      </div>
    </div>
  );
}
