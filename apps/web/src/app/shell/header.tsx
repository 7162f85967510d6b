import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { Logo } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/session/api/logout';
import { openLoginModal, openRegisterModal } from '@/stores/modal-store';
import { useSessionStore } from '@/stores/session-store';
import { useUiStore } from '@/stores/ui-store';
import styles from './header.module.css';
import { useIsMobile } from './use-is-mobile';

function AccountArea() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nickname = useSessionStore((state) => state.nickname ?? state.account);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const logout = useLogout();

  const confirmLogout = () => {
    logout.mutate(undefined, {
      onSettled: () => {
        setIsConfirmOpen(false);
        void navigate(paths.home.getHref());
      },
    });
  };

  return (
    <div className={styles.account}>
      <Link to={paths.member.getHref()} className={styles.nickname}>
        <span className={styles.avatar}>
          <Icon name="user" size={18} />
        </span>
        <span className={styles.nicknameText}>{nickname ?? t('header.memberCentre')}</span>
        <span className="visually-hidden">{t('header.memberCentre')}</span>
      </Link>
      <Button variant="ghost" isIconOnly aria-label={t('header.logout')} title={t('header.logout')} onClick={() => setIsConfirmOpen(true)}>
        <Icon name="logout" size={18} />
      </Button>
      <Dialog
        isOpen={isConfirmOpen}
        onClose={() => setIsConfirmOpen(false)}
        title={t('header.logoutTitle')}
        width={380}
        height={200}
        isClosable={!logout.isPending}
      >
        <p className={styles.confirmText}>{t('header.logoutConfirm')}</p>
        <div className={styles.confirmActions}>
          <Button variant="ghost" onClick={() => setIsConfirmOpen(false)} disabled={logout.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={confirmLogout} disabled={logout.isPending} data-autofocus="">
            {logout.isPending ? <Spinner size={16} label={t('common.loading')} /> : null}
            {t('header.logout')}
          </Button>
        </div>
      </Dialog>
    </div>
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
            className={styles.menuButton}
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
          <AccountArea />
        ) : (
          <>
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
