import type { DepositValue } from '@kismat/contracts/cashier';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button, buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useFormatDateTime } from '@/lib/format-date';
import { useCancelDeposit } from '../api/cancel-deposit';
import { useSandboxPay } from '../api/sandbox-pay';
import styles from './deposit-order-panel.module.css';
import { ErrorText } from './error-text';
import { MpesaOrderStatus } from './mpesa-order-status';
import { useFormatAmount } from './use-amount-locale';
import walletStyles from './wallet.module.css';

/**
 * The member's online (gateway) order: what to pay, by when, where to pay it, and a way to cancel
 * it while unpaid. It stands at the top of the deposit page and is scrolled to when created, so a
 * phone shows it at once (issue 12 item 3: it opened below the fold, and a second tap made a
 * second order). The demo's sandbox pays or fails it here; a real provider's page is a link.
 */
export function DepositOrderPanel({ deposit, scrollRequest = 0 }: { deposit: DepositValue; scrollRequest?: number }) {
  const { t } = useTranslation();
  const panelRef = useRef<HTMLElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const format = useFormatAmount();
  const formatWhen = useFormatDateTime();
  const pay = useSandboxPay();
  const cancel = useCancelDeposit();
  // The freshest answer about this order: a pay or cancel call's, else the list's.
  const order = pay.data?.deposit ?? cancel.data ?? deposit;
  const isOpen = order.status === 'pending';
  const isBusy = pay.isPending || cancel.isPending;
  const amount = format(order.amount);

  // Each "Pay online" answer (a new order, or the open one again) brings the order into view and
  // moves focus to it, so a phone user sees it and a screen reader reads it.
  useEffect(() => {
    if (scrollRequest === 0) return;
    const isReduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    panelRef.current?.scrollIntoView?.({ block: 'start', behavior: isReduced ? 'auto' : 'smooth' });
    titleRef.current?.focus({ preventScroll: true });
  }, [scrollRequest]);

  return (
    <section
      ref={panelRef}
      className={`${blocks.column} ${styles.panel}`}
      aria-labelledby="deposit-order-title"
      data-testid="deposit-order"
      data-status={order.status}
    >
      {order.isSandbox ? <span className={walletStyles.sandboxTag}>{t('wallet.deposit.sandboxTag')}</span> : null}
      <h3 id="deposit-order-title" ref={titleRef} className={walletStyles.cardTitle} tabIndex={-1}>
        {order.isSandbox ? t('wallet.deposit.sandboxTitle', { amount }) : t('wallet.deposit.orderTitle', { amount })}
      </h3>
      {order.provider === 'mpesa' ? (
        <MpesaOrderStatus order={order} amount={amount} />
      ) : isOpen ? (
        <p className={styles.waiting} role="status">
          {t('wallet.deposit.orderWaiting', { id: order.id, time: formatWhen(order.expiresAt) })}
        </p>
      ) : (
        <p className={walletStyles.notice} role="status">
          <span className={walletStyles.status}>{t(`wallet.status.${order.status}`)}</span>{' '}
          {order.status === 'cancelled' || order.status === 'expired' ? t('wallet.deposit.closedNote') : null}
        </p>
      )}
      {isOpen && order.isSandbox ? <p className={walletStyles.notice}>{t('wallet.deposit.sandboxText')}</p> : null}
      {isOpen ? (
        <div className={walletStyles.actions}>
          {order.isSandbox ? (
            <>
              <Button onClick={() => pay.mutate({ depositId: order.id, outcome: 'paid' })} disabled={isBusy}>
                {t('wallet.deposit.sandboxPay')}
              </Button>
              <Button variant="outline" onClick={() => pay.mutate({ depositId: order.id, outcome: 'failed' })} disabled={isBusy}>
                {t('wallet.deposit.sandboxFail')}
              </Button>
            </>
          ) : order.payUrl ? (
            <a className={buttonClassName()} href={order.payUrl} rel="noopener">
              {t('wallet.deposit.continuePayment')}
            </a>
          ) : null}
          <Button variant="ghost" onClick={() => cancel.mutate(order.id)} disabled={isBusy} aria-busy={cancel.isPending}>
            {cancel.isPending ? <Spinner size={16} label={t('wallet.deposit.cancelling')} /> : null}
            {t('wallet.deposit.cancelOrder')}
          </Button>
        </div>
      ) : null}
      <ErrorText error={pay.error ?? cancel.error} />
    </section>
  );
}
