import type { RealtimeMessage } from '@kismat/contracts/cashier';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getToken } from '@/lib/storage';
import { useSessionStore } from '@/stores/session-store';
import { useToastStore } from '@/stores/toast-store';
import { walletKeys } from '../api/wallet-keys';

const RECONNECT_MS = 5000;

/**
 * Listens on /ws for cashier notifications: shows a toast, moves the header balance to the
 * pushed value and refreshes wallet queries. Mounted once by the app shell for a logged-in
 * member, so the header follows deposits, payouts and adjustments on every page. The token
 * goes in the first message, not the URL, so it never lands in access logs.
 */
export function useWalletLive(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isLogin = useSessionStore((state) => state.isLogin);
  useEffect(() => {
    if (!isLogin || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isStopped = false;
    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}/ws`);
      socket.addEventListener('open', () => socket?.send(JSON.stringify({ token: getToken() })));
      socket.addEventListener('message', (event) => {
        let message: RealtimeMessage | { type: string };
        try {
          message = JSON.parse(String(event.data)) as RealtimeMessage;
        } catch {
          return;
        }
        if (message.type !== 'notification' || !('notification' in message)) return;
        const { kind, amount } = message.notification;
        const isGood =
          kind === 'deposit_credited' || kind === 'withdrawal_approved' || (kind === 'balance_adjusted' && !amount.startsWith('-'));
        useToastStore.getState().show({ tone: isGood ? 'success' : 'error', text: t(`wallet.notifications.${kind}`, { amount }) });
        const member = useSessionStore.getState().member;
        if (member) useSessionStore.getState().setMember({ ...member, balance: message.balance });
        void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      });
      socket.addEventListener('close', () => {
        if (!isStopped) timer = setTimeout(connect, RECONNECT_MS);
      });
    };
    connect();
    return () => {
      isStopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [isLogin, queryClient, t]);
}
