import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { MessageDialog } from '@/components/ui/message-dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMemberInfo } from '@/features/session/api/get-member-info';
import { useLogout } from '@/features/session/api/logout';
import { usePermission } from '@/features/system/api/get-permission';
import { useRefreshBalance } from '@/features/wallet/hooks/use-refresh-balance';
import { trialCode } from '@/lib/trial-name';
import { runMemberAction } from '@/stores/member-access';
import { useSessionStore } from '@/stores/session-store';
import { AccountMenu } from './account-menu';
import { BalancePill } from './balance-pill';
import styles from './header.module.css';

/** The header's signed-in side (spec section 2): balance, withdraw and deposit, the account menu, sign-out. */
export function AccountArea({ isMobile }: { isMobile: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nickname = useSessionStore((state) => state.nickname ?? state.account ?? '');
  const isAgent = useSessionStore((state) => state.isAgent);
  const isTrial = useSessionStore((state) => state.isTrial);
  const account = useSessionStore((state) => state.account);
  const code = isTrial ? trialCode(account) : null;
  const shownName = code ? t('header.trialName', { code }) : nickname;
  const storedMember = useSessionStore((state) => state.member);
  const memberInfo = useMemberInfo({ isEnabled: true });
  // The store holds the newest balance (member info, a login, or a pushed wallet change).
  const member = storedMember ?? memberInfo.data ?? null;
  const { data: permission } = usePermission();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const logout = useLogout();
  const balance = useRefreshBalance();

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
      <BalancePill member={member} isRefreshing={balance.isRefreshing} onRefresh={() => void balance.refresh()} />
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
        nickname={shownName || t('header.memberCentre')}
        isTrial={isTrial}
        isAgent={isAgent}
        flags={permission?.flags}
        hasMoneyButtons={!isMobile}
        rewardCount={member?.availablePromoCount ?? 0}
        hasVip={member?.hasVip === true}
        vipLabel={member?.hasVip ? member.vipLabelName : null}
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
