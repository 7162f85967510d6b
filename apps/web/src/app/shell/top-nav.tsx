import type { MenuVendor } from '@kismat/contracts/catalogue';
import { type MouseEvent, type SyntheticEvent, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Icon } from '@/components/ui/icon';
import { getCategoryHref } from '@/config/paths';
import { useGameMenus } from '@/features/catalogue/api/get-game-menus';
import { NAV_ICONS } from '@/features/catalogue/utils/category-meta';
import { buildNavItems, getNavItemAction, getNavItemHref, type NavItem } from '@/features/catalogue/utils/nav-items';
import { useFirstScreenDoneInTransition } from '@/lib/first-screen-done';
import { centreCurrentInStripAfterLayout } from '@/lib/scroll-into-strip';
import { GameActionsHost, useGameActions } from '../routes/game-actions';
import styles from './top-nav.module.css';

/** A plain click is handled in the page; modified clicks keep the link's browser behaviour. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

function VendorDrop({ item, onOpenVendor }: { item: NavItem; onOpenVendor: (vendor: MenuVendor) => void }) {
  const { t } = useTranslation();
  const category = item.category;
  if (!category) return null;
  return (
    <div
      className={[styles.drop, item.hasLargeMenu ? styles.dropLarge : ''].join(' ')}
      data-testid={`drop-${item.key}`}
      data-large={item.hasLargeMenu ? '' : undefined}
    >
      <div className={`${blocks.apart} ${styles.dropHead}`}>
        <span>{t('nav.vendors', { count: item.vendors.length })}</span>
        <Link to={item.path}>{t('common.viewAll')}</Link>
      </div>
      <ul className={`${blocks.stackList} ${styles.vendors}`}>
        {item.vendors.map((vendor) => (
          <li key={vendor.vassalage}>
            <Link
              to={getCategoryHref(category, vendor.vassalage)}
              className={styles.vendor}
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                onOpenVendor(vendor);
              }}
            >
              <img src={vendor.logoUrl} alt="" width={48} height={30} loading="lazy" decoding="async" />
              <span className={styles.vendorName}>{vendor.displayName}</span>
              {vendor.isMaintenance ? <span className={styles.tag}>{t('catalogue.maintenance')}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

const DROP_WIDTH = 260;

/** Lines a small drop menu up under its item, kept inside the navigation's width. */
function placeDrop(event: SyntheticEvent<HTMLLIElement>) {
  const item = event.currentTarget;
  const nav = item.closest('nav');
  if (!nav) return;
  const navBox = nav.getBoundingClientRect();
  const left = Math.min(item.getBoundingClientRect().left - navBox.left, navBox.width - DROP_WIDTH);
  item.style.setProperty('--drop-left', `${Math.max(0, left)}px`);
}

/** Where the drop menus can open (top-nav.module.css hides them at 1100 px and below). */
const DROPS_QUERY = '(min-width: 1101px)';

function subscribeDropsQuery(onChange: () => void): () => void {
  const query = window.matchMedia(DROPS_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * The drop menus (a few hundred elements) are rendered once an entry is first pointed at or
 * focused, or, where they can open, once the first screen is done (a transition: rendered in
 * slices between other work); a phone never renders them (issue 16 item 6).
 */
function useHasDrops(): [boolean, () => void] {
  const [isWanted, setIsWanted] = useState(false);
  const isDue = useFirstScreenDoneInTransition();
  const canOpen = useSyncExternalStore(
    subscribeDropsQuery,
    () => window.matchMedia(DROPS_QUERY).matches,
    () => false,
  );
  return [isWanted || (canOpen && isDue), () => setIsWanted(true)];
}

/** Top navigation from the game menus; while they load, home and promotions already show. */
export function TopNav() {
  const { t } = useTranslation();
  const { data: menus } = useGameMenus();
  const items = useMemo(() => buildNavItems(menus ?? []), [menus]);
  const location = useLocation();
  const listRef = useRef<HTMLUListElement>(null);
  const { openVendor } = useGameActions();
  const [hasDrops, wantDrops] = useHasDrops();

  // On phones the nav is a swipeable strip: keep the current section in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-centre when the page or the items change.
  useEffect(() => centreCurrentInStripAfterLayout(listRef.current, '[aria-current="page"]'), [location.pathname, items]);
  return (
    <div className={styles.bar}>
      <nav className={styles.nav} aria-label={t('shell.mainNav')}>
        <ul ref={listRef} className={styles.list}>
          {items.map((item) => {
            const hasDrop = item.category !== null && item.vendors.length > 0;
            return (
              <li
                key={item.key}
                className={styles.item}
                onPointerEnter={(event) => {
                  wantDrops();
                  if (hasDrop && !item.hasLargeMenu) placeDrop(event);
                }}
                onFocus={(event) => {
                  wantDrops();
                  if (hasDrop && !item.hasLargeMenu) placeDrop(event);
                }}
              >
                <NavLink
                  to={getNavItemHref(item)}
                  end={item.key === 'HOME'}
                  data-nav={item.key}
                  onClick={(event) => {
                    const action = getNavItemAction(item);
                    if (action.kind === 'navigate' || !isPlainClick(event)) return;
                    event.preventDefault();
                    openVendor(action.vendor);
                  }}
                  className={({ isActive }) => [styles.link, isActive ? styles.active : ''].join(' ')}
                >
                  <Icon name={NAV_ICONS[item.key]} size={18} />
                  {t(`nav.${item.key}`)}
                  {hasDrop ? <Icon name="chevronDown" size={14} className={styles.chevron} /> : null}
                </NavLink>
                {hasDrop && hasDrops ? <VendorDrop item={item} onOpenVendor={openVendor} /> : null}
              </li>
            );
          })}
        </ul>
      </nav>
      <GameActionsHost />
    </div>
  );
}
