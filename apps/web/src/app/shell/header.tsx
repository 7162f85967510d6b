import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Logo } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePermission } from '@/features/system/api/get-permission';
import { ApiError } from '@/lib/api-client';
import { openLoginModal, openRegisterModal } from '@/stores/modal-store';
import { useSessionStore } from '@/stores/session-store';
import { showToast } from '@/stores/toast-store';
import { useUiStore } from '@/stores/ui-store';
import styles from './header.module.css';
import { useIsMobile } from './use-is-mobile';

// Visitors never need the account area: it loads with the first login (or a reload while
// signed in), keeping the home page's first download small.
const AccountArea = lazy(() => import('./account-area').then((module) => ({ default: module.AccountArea })));

/** Free play for visitors (FREEPLAY3): a trial account at one click. */
function FreeplayButton({ isMobile }: { isMobile: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: permission } = usePermission();
  const [isStarting, setIsStarting] = useState(false);
  if (!permission?.flags.FREEPLAY3) return null;
  const start = async () => {
    setIsStarting(true);
    try {
      const { startFreeplaySession } = await import('@/features/session/utils/start-freeplay-session');
      await startFreeplaySession(queryClient, permission.flags);
      showToast(t('header.freeplayStarted'), 'info');
    } catch (error) {
      showToast(error instanceof ApiError ? error.message : t('errors.network'), 'error');
    } finally {
      setIsStarting(false);
    }
  };
  return (
    <Button
      variant="ghost"
      size={isMobile ? 'small' : 'medium'}
      isIconOnly={isMobile}
      onClick={() => void start()}
      disabled={isStarting}
      aria-label={t('header.freeplay')}
      title={t('header.freeplay')}
    >
      {isStarting ? <Spinner size={16} label={t('common.loading')} /> : <Icon name="play" size={16} />}
      {isMobile ? null : t('header.freeplay')}
    </Button>
  );
}

export function Header({ hasSideMenu }: { hasSideMenu: boolean }) {
  const { t } = useTranslation();
  const isLogin = useSessionStore((state) => state.isLogin);
  const isMobile = useIsMobile();
  const isDrawerOpen = useUiStore((state) => state.isDrawerOpen);
  const isCollapsed = useUiStore((state) => state.isSideMenuCollapsed);
  const toggleSideMenu = useUiStore((state) => state.toggleSideMenu);
  const setDrawerOpen = useUiStore((state) => state.setDrawerOpen);

  const menuLabel = isMobile ? t('shell.openMenu') : isCollapsed ? t('shell.expandMenu') : t('shell.collapseMenu');
  return (
    <header className={styles.header}>
      <div className={styles.left}>
        {hasSideMenu ? (
          <button
            type="button"
            className={`${blocks.iconButton} ${styles.menuButton}`}
            aria-label={menuLabel}
            aria-controls="side-menu"
            aria-expanded={isMobile ? isDrawerOpen : !isCollapsed}
            onClick={() => (isMobile ? setDrawerOpen(true) : toggleSideMenu())}
          >
            <Icon name="menu" size={22} />
          </button>
        ) : null}
        <Link to={paths.home.getHref()} className={styles.brand} aria-label={t('shell.goHome')}>
          <Logo isCompact={isMobile} />
        </Link>
      </div>
      <div className={styles.right}>
        {isLogin ? (
          <Suspense fallback={<span className={styles.accountPlaceholder} aria-hidden="true" />}>
            <AccountArea isMobile={isMobile} />
          </Suspense>
        ) : (
          <>
            {isMobile ? null : <FreeplayButton isMobile={isMobile} />}
            <Button variant="outline" size={isMobile ? 'small' : 'medium'} onClick={() => openLoginModal()}>
              {t('header.login')}
            </Button>
            <Button size={isMobile ? 'small' : 'medium'} onClick={openRegisterModal} aria-label={t('header.register')}>
              <Icon name="userPlus" size={16} />
              <span className={styles.registerLabel}>{t('header.register')}</span>
            </Button>
          </>
        )}
      </div>
    </header>
  );
}
