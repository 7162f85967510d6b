import { type SyntheticEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Icon, type IconName } from '@/components/ui/icon';
import { Logo } from '@/components/ui/logo';
import { CATEGORY_PATHS, paths } from '@/config/paths';
import { useGameMenus } from '@/features/catalogue/api/get-game-menus';
import { categoryIcon } from '@/features/catalogue/utils/category-meta';
import { buildSideMenuCategories } from '@/features/catalogue/utils/nav-items';
import type { CustomerServiceType } from '@/features/system/utils/customer-service';
import { useUiStore } from '@/stores/ui-store';
import { AppDownloadPanel } from './app-download-panel';
import { LanguageSelect } from './language-select';
import styles from './side-menu.module.css';
import { useIsMobile } from './use-is-mobile';
import { useShellData } from './use-shell-data';

export const SERVICE_ICONS: Record<CustomerServiceType, IconName> = {
  LIVECHAT: 'chat',
  FACEBOOK: 'facebook',
  TELEGRAM: 'telegram',
  WHATSAPP: 'whatsapp',
};

/** Centres the QR flyout on its entry; the menu scrolls, so the position is measured on hover. */
function placeFlyout(event: SyntheticEvent<HTMLElement>) {
  const host = event.currentTarget.parentElement;
  const menu = host?.closest('aside');
  if (!host || !menu) return;
  const hostBox = host.getBoundingClientRect();
  const top = hostBox.top - menu.getBoundingClientRect().top + hostBox.height / 2;
  host.style.setProperty('--flyout-top', `${top}px`);
}

function entryClass({ isActive }: { isActive: boolean }): string {
  return [blocks.navEntry, styles.entry, isActive ? styles.active : ''].join(' ');
}

/** Collapsible side menu on desktop, a drawer on phones. */
export function SideMenu() {
  const { t } = useTranslation();
  const location = useLocation();
  const isMobile = useIsMobile();
  const isCollapsed = useUiStore((state) => state.isSideMenuCollapsed) && !isMobile;
  const isDrawerOpen = useUiStore((state) => state.isDrawerOpen);
  const setDrawerOpen = useUiStore((state) => state.setDrawerOpen);
  const { data: menus } = useGameMenus();
  const categories = useMemo(() => buildSideMenuCategories(menus ?? []), [menus]);
  const shell = useShellData();
  const [isDownloadOpen, setIsDownloadOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);

  // A navigation from inside the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change by design.
  useEffect(() => {
    setDrawerOpen(false);
  }, [location.key, setDrawerOpen]);

  useEffect(() => {
    if (!isMobile || !isDrawerOpen) return;
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.body.dataset.scrollLocked = '';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      delete document.body.dataset.scrollLocked;
    };
  }, [isMobile, isDrawerOpen, setDrawerOpen]);

  // On a phone the drawer's entries (over a hundred elements) are rendered when it first opens,
  // not in the first screen's render (issue 16 item 6); the drawer itself is there to slide in.
  const [hasOpened, setHasOpened] = useState(false);
  if (isDrawerOpen && !hasOpened) setHasOpened(true);
  const hasEntries = !isMobile || isDrawerOpen || hasOpened;

  const isHidden = isMobile && !isDrawerOpen;
  const className = [styles.menu, isCollapsed ? styles.collapsed : '', isDrawerOpen ? styles.open : ''].filter(Boolean).join(' ');
  const tip = (label: string) => (isCollapsed ? label : undefined);

  return (
    <>
      {isMobile && isDrawerOpen ? (
        <button type="button" className={styles.backdrop} aria-label={t('shell.closeMenu')} onClick={() => setDrawerOpen(false)} />
      ) : null}
      <aside
        id="side-menu"
        className={className}
        aria-label={t('shell.sideMenu')}
        aria-hidden={isHidden ? true : undefined}
        inert={isHidden ? true : undefined}
      >
        <div className={styles.drawerHead}>
          <Logo isCompact />
          <button
            ref={closeRef}
            type="button"
            className={styles.closeButton}
            aria-label={t('shell.closeMenu')}
            onClick={() => setDrawerOpen(false)}
          >
            <Icon name="close" size={22} />
          </button>
        </div>
        {hasEntries ? (
          <div className={styles.scroll}>
            <nav className={styles.group} aria-label={t('shell.gameTypes')}>
              <p className={`${blocks.groupLabel} ${styles.groupTitle}`}>{t('shell.games')}</p>
              <NavLink to={paths.home.getHref()} end className={entryClass} title={tip(t('nav.HOME'))}>
                <Icon name="home" size={20} />
                <span className={styles.label}>{t('nav.HOME')}</span>
              </NavLink>
              {categories.map(({ category, count }) => (
                <NavLink key={category} to={CATEGORY_PATHS[category]} className={entryClass} title={tip(t(`categories.${category}`))}>
                  <Icon name={categoryIcon(category)} size={20} />
                  <span className={styles.label}>{t(`categories.${category}`)}</span>
                  <span className={styles.count}>{count}</span>
                </NavLink>
              ))}
            </nav>

            <div className={styles.divider} />

            <div className={styles.group}>
              <NavLink
                to={paths.member.getHref('rewardCenter')}
                className={() => [blocks.navEntry, styles.entry, styles.bonus].join(' ')}
                title={tip(t('shell.bonus'))}
              >
                <Icon name="coins" size={20} />
                <span className={styles.label}>{t('shell.bonus')}</span>
              </NavLink>
              {shell.isReferralEnabled ? (
                <NavLink
                  to={paths.member.getHref('referral')}
                  className={() => `${blocks.navEntry} ${styles.entry}`}
                  title={tip(t('shell.inviteFriends'))}
                >
                  <Icon name="userPlus" size={20} />
                  <span className={styles.label}>{t('shell.inviteFriends')}</span>
                </NavLink>
              ) : null}
              <div className={styles.flyoutHost}>
                <button
                  type="button"
                  onPointerEnter={placeFlyout}
                  onFocus={placeFlyout}
                  className={`${blocks.navEntry} ${styles.entry}`}
                  title={tip(t('download.title'))}
                  aria-expanded={isMobile ? isDownloadOpen : undefined}
                  onClick={() => setIsDownloadOpen((isOpen) => !isOpen)}
                >
                  <Icon name="phone" size={20} />
                  <span className={styles.label}>{t('download.title')}</span>
                </button>
                {isMobile ? (
                  isDownloadOpen ? (
                    <div className={styles.flyoutInline}>
                      <AppDownloadPanel iosUrl={shell.iosDownloadUrl} androidUrl={shell.androidDownloadUrl} />
                    </div>
                  ) : null
                ) : (
                  <div className={styles.flyout}>
                    <AppDownloadPanel iosUrl={shell.iosDownloadUrl} androidUrl={shell.androidDownloadUrl} />
                  </div>
                )}
              </div>
            </div>

            {shell.customerService.length > 0 ? (
              <>
                <div className={styles.divider} />
                <div className={styles.group}>
                  <p className={`${blocks.groupLabel} ${styles.groupTitle}`}>{t('shell.customerService')}</p>
                  {shell.customerService.map((link) => (
                    <a
                      key={`${link.type}-${link.url}`}
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={`${blocks.navEntry} ${styles.entry}`}
                      title={tip(t(`service.${link.type}`))}
                    >
                      <span className={[styles.serviceIcon, styles[link.type]].join(' ')}>
                        <Icon name={SERVICE_ICONS[link.type]} size={15} strokeWidth={2} />
                      </span>
                      <span className={styles.label}>{t(`service.${link.type}`)}</span>
                      <span className="visually-hidden">{t('common.opensInNewTab')}</span>
                    </a>
                  ))}
                </div>
              </>
            ) : null}

            <div className={styles.divider} />
            <LanguageSelect isCompact={isCollapsed} className={styles.language} />
          </div>
        ) : null}
      </aside>
    </>
  );
}
