import type { RealtimeMessage } from '@kismat/contracts/cashier';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMemberSocket } from '@/lib/use-member-socket';
import { useSessionStore } from '@/stores/session-store';
import { useToastStore } from '@/stores/toast-store';
import { walletKeys } from '../api/wallet-keys';

/**
 * Listens on /ws for cashier notifications: shows a toast, moves the header balance to the
 * pushed value and refreshes wallet queries. Mounted once by the app shell for a logged-in
 * member, so the header follows deposits, payouts and adjustments on every page. The token
 * goes in the first message, not the URL, so it never lands in access logs.
 */
export function useWalletLive(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useMemberSocket((value) => {
    const message = value as RealtimeMessage | { type?: unknown } | null;
    if (message?.type !== 'notification' || !('notification' in message)) return;
    const { kind, amount } = message.notification;
    const isGood =
      kind === 'deposit_credited' || kind === 'withdrawal_approved' || (kind === 'balance_adjusted' && !amount.startsWith('-'));
    useToastStore.getState().show({ tone: isGood ? 'success' : 'error', text: t(`wallet.notifications.${kind}`, { amount }) });
    const member = useSessionStore.getState().member;
    if (member) useSessionStore.getState().setMember({ ...member, balance: message.balance });
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  });
}
