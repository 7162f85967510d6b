import type { RealtimeMessage } from '@kismat/contracts/cashier';
import type { BalancePushMessage, MemberBalancesValue } from '@kismat/contracts/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { throttle } from '@/lib/throttle';
import { useMemberSocket } from '@/lib/use-member-socket';
import { useSessionStore } from '@/stores/session-store';
import { useToastStore } from '@/stores/toast-store';
import { refreshBalance } from '../api/get-balance';
import { walletKeys } from '../api/wallet-keys';

/** Focus and visibilitychange fire together on return to a tab: one balance read for both. */
export const RETURN_REFRESH_THROTTLE_MS = 2000;

const MONEY = /^-?\d+\.\d{2}$/;

export function isBalancePush(value: unknown): value is BalancePushMessage {
  const message = value as Partial<BalancePushMessage> | null;
  return (
    message?.type === 'balance' &&
    typeof message.balance === 'string' &&
    MONEY.test(message.balance) &&
    typeof message.trialBalance === 'string' &&
    MONEY.test(message.trialBalance)
  );
}

function isNotification(value: unknown): value is RealtimeMessage {
  const message = value as { type?: unknown } | null;
  return message?.type === 'notification' && 'notification' in message;
}

/**
 * Listens on /ws: cashier notifications show a toast and raise the unread badge; they and the balance a game vendor's bet
 * or win left move the header balance (the store) to the pushed value, on every page, while a
 * game plays in the page, a popup or another tab. Mounted once by the app shell for a logged-in
 * member. Pushes are best effort, so the balance is also read again when the member comes back
 * to the tab (from a game in a new window) and when the socket reconnects after a drop.
 */
export function useWalletLive(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const hasBeenReady = useRef(false);

  useMemberSocket((value) => {
    if (isBalancePush(value)) {
      const member = useSessionStore.getState().member;
      if (member) useSessionStore.getState().setMember({ ...member, balance: value.balance, trialBalance: value.trialBalance });
      queryClient.setQueryData<MemberBalancesValue>(walletKeys.balance, (old) =>
        old ? { ...old, balance: value.balance, trial: value.trialBalance } : old,
      );
      return;
    }
    if ((value as { type?: unknown } | null)?.type === 'ready') {
      // A reconnect may have missed pushes: read the balance once.
      if (hasBeenReady.current) void refreshBalance(queryClient).catch(() => undefined);
      hasBeenReady.current = true;
      return;
    }
    if (!isNotification(value)) return;
    const { kind, amount } = value.notification;
    const isBad = kind.endsWith('_rejected') || kind === 'deposit_failed' || (kind === 'balance_adjusted' && amount.startsWith('-'));
    const isMoney =
      kind.startsWith('deposit_') || kind.startsWith('withdrawal_') || kind === 'balance_adjusted' || kind === 'bonus_awarded';
    useToastStore.getState().show({
      tone: isBad ? 'error' : isMoney ? 'success' : 'info',
      text: t(`wallet.notifications.${kind}`, { amount, title: value.notification.title ?? '' }),
    });
    // The inbox badge (messageV2, the header) rises at once on every page; the inbox reads its own list again.
    const member = useSessionStore.getState().member;
    if (member) {
      const unreadMessage = member.unreadMessage + (value.notification.isRead ? 0 : 1);
      // A message that moved no money (an operator message, an answer) carries no balance.
      useSessionStore
        .getState()
        .setMember({ ...member, ...(value.balance === undefined ? {} : { balance: value.balance }), unreadMessage });
    }
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  });

  useEffect(() => {
    const refresh = throttle(() => void refreshBalance(queryClient).catch(() => undefined), RETURN_REFRESH_THROTTLE_MS);
    const onReturn = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onReturn);
    return () => {
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    };
  }, [queryClient]);
}
