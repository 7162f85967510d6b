import type { DepositValue } from '@kismat/contracts/cashier';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useSessionStore } from '@/stores/session-store';
import { walletKeys } from '../api/wallet-keys';
import styles from './mpesa-order-status.module.css';
import walletStyles from './wallet.module.css';

/** How often the page asks for the order while the member's phone shows the M-Pesa prompt. */
const POLL_MS = 3000;

/**
 * An M-Pesa (STK Push) order: nothing to open, the prompt is on the member's phone. While it is
 * pending the page says so and asks the server for the order every few seconds (the server learns
 * the outcome from Safaricom's callback, or its own status query); then it says paid or not paid.
 */
export function MpesaOrderStatus({ order, amount }: { order: DepositValue; amount: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const phone = useSessionStore((state) => state.member?.mobile ?? null);
  // "KSh 500.00": the site's own currency, said in full where money leaves a phone.
  const currencySymbol = useSessionStore((state) => state.member?.currencySymbol ?? '');
  const money = currencySymbol ? `${currencySymbol} ${amount}` : amount;
  const isPending = order.status === 'pending';

  useEffect(() => {
    if (!isPending) {
      void queryClient.invalidateQueries({ queryKey: walletKeys.balance });
      return;
    }
    const timer = window.setInterval(() => void queryClient.invalidateQueries({ queryKey: walletKeys.deposits }), POLL_MS);
    return () => window.clearInterval(timer);
  }, [isPending, queryClient]);

  if (isPending) {
    return (
      <div className={styles.waiting} role="status" data-testid="mpesa-waiting">
        <Spinner size={18} label={t('wallet.mpesa.waitingLabel')} />
        <strong>{t('wallet.mpesa.checkPhone')}</strong>
        <span>{phone ? t('wallet.mpesa.promptSentTo', { phone, amount: money }) : t('wallet.mpesa.promptSent', { amount: money })}</span>
      </div>
    );
  }
  const isPaid = order.status === 'approved';
  return (
    <p className={walletStyles.notice} role="status" data-testid="mpesa-result" data-paid={isPaid}>
      {isPaid ? t('wallet.mpesa.paid', { amount: money }) : t('wallet.mpesa.notPaid')}
    </p>
  );
}
