import type { MenuVendor } from '@kismat/contracts/catalogue';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { getCategoryHref } from '@/config/paths';
import { TileSkeleton } from './tile-skeleton';
import styles from './vendor-tile.module.css';

interface VendorTileProps {
  vendor: MenuVendor;
  isSelected?: boolean;
  /** Only the first visible row loads eagerly; the rest wait until scrolled near. */
  isEager?: boolean;
  /** A click on the tile: the app launches the vendor or opens its popup list of games. */
  onOpen?: (vendor: MenuVendor) => void;
  /** The immediate-game button (never for vendor type RNG). */
  onPlayNow?: (vendor: MenuVendor) => void;
}

/**
 * Vendor tile: logo and name; the immediate-game button is hidden for vendor type RNG (spec).
 * A click launches the vendor through the app's handlers; without them it opens the vendor's page.
 */
export function VendorTile({ vendor, isSelected = false, isEager = false, onOpen, onPlayNow }: VendorTileProps) {
  const { t } = useTranslation();
  const href = getCategoryHref(vendor.gameType, vendor.vassalage);
  const className = [styles.tile, isSelected ? styles.selected : '', vendor.isMaintenance ? styles.isMaintenance : '']
    .filter(Boolean)
    .join(' ');
  const art = (
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
  );
  return (
    <article className={className} data-testid="vendor-tile" data-vendor={vendor.vassalage}>
      {onOpen ? (
        <button type="button" className={styles.link} aria-current={isSelected ? 'true' : undefined} onClick={() => onOpen(vendor)}>
          {art}
          <div className={styles.meta}>
            <span className={styles.name}>{vendor.displayName}</span>
          </div>
        </button>
      ) : (
        <Link to={href} className={styles.link} aria-current={isSelected ? 'true' : undefined}>
          {art}
          <div className={styles.meta}>
            <span className={styles.name}>{vendor.displayName}</span>
          </div>
        </Link>
      )}
      {vendor.vendorType !== 'RNG' ? (
        <button
          type="button"
          className={styles.play}
          title={t('catalogue.playNow')}
          aria-label={`${t('catalogue.playNow')} ${vendor.displayName}`}
          onClick={() => (onPlayNow ? onPlayNow(vendor) : onOpen?.(vendor))}
          data-testid="vendor-play"
        >
          <Icon name="play" size={14} strokeWidth={0} fill="currentColor" />
        </button>
      ) : null}
    </article>
  );
}

export function VendorTileSkeleton() {
  return <TileSkeleton classes={styles} />;
}
