import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Logo } from '@/components/ui/logo';
import { MessageDialog } from '@/components/ui/message-dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMemberInfo } from '@/features/session/api/get-member-info';
import { useLogout } from '@/features/session/api/logout';
import { startFreeplaySession } from '@/features/session/utils/start-freeplay-session';
import { usePermission } from '@/features/system/api/get-permission';
import { ApiError } from '@/lib/api-client';
import { runMemberAction } from '@/stores/member-access';
import { openLoginModal, openRegisterModal } from '@/stores/modal-store';
import { useSessionStore } from '@/stores/session-store';
import { showToast } from '@/stores/toast-store';
import { useUiStore } from '@/stores/ui-store';
import { AccountMenu } from './account-menu';
import { BalancePill } from './balance-pill';
import styles from './header.module.css';
import { useIsMobile } from './use-is-mobile';

function AccountArea({ isMobile }: { isMobile: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nickname = useSessionStore((state) => state.nickname ?? state.account ?? '');
  const isAgent = useSessionStore((state) => state.isAgent);
  const isTrial = useSessionStore((state) => state.isTrial);
  const storedMember = useSessionStore((state) => state.member);
  const memberInfo = useMemberInfo({ isEnabled: true });
  const member = memberInfo.data ?? storedMember;
  const { data: permission } = usePermission();
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

  const goMoney = (page: 'depositv2' | 'withdraw') => runMemberAction(() => void navigate(paths.member.getHref(page)));

  return (
    <div className={styles.account}>
      <BalancePill member={member} isRefreshing={memberInfo.isFetching} onRefresh={() => void memberInfo.refetch()} />
      {isMobile ? null : (
        <>
          <Button size="small" variant="outline" onClick={() => goMoney('withdraw')}>
            {t('header.withdraw')}
          </Button>
          <Button size="small" onClick={() => goMoney('depositv2')}>
            {t('header.deposit')}
          </Button>
        </>
      )}
      <AccountMenu
        nickname={nickname || t('header.memberCentre')}
        isTrial={isTrial}
        isAgent={isAgent}
        flags={permission?.flags}
        hasMoneyButtons={!isMobile}
        rewardCount={member?.availablePromoCount ?? 0}
        onSignOut={() => setIsConfirmOpen(true)}
      />
      <MessageDialog
        isOpen={isConfirmOpen}
        title={t('header.logoutTitle')}
        tone="warning"
        confirmLabel={logout.isPending ? t('header.loggingOut') : t('header.logout')}
        onConfirm={confirmLogout}
        onCancel={() => setIsConfirmOpen(false)}
        isBusy={logout.isPending}
      >
        {logout.isPending ? <Spinner size={18} label={t('header.loggingOut')} /> : t('header.logoutConfirm')}
      </MessageDialog>
    </div>
  );
}

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
          <AccountArea isMobile={isMobile} />
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
