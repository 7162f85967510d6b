import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Spinner } from '@/components/ui/spinner';
import { useBalance } from '../api/get-balance';
import { useDeposits } from '../api/get-deposit-channels';
import { useFormatAmount } from './use-amount-locale';
import styles from './wallet.module.css';

/** While bKash's answer is still being settled (the status query may take a moment), the page asks again this often. */
const POLL_MS = 3000;

/**
 * Where a provider's checkout page sends the member back (`?page=depositv2&depositResult=<id>`):
 * the order's outcome and the balance after it. The server settled the order before redirecting
 * here (it asked bKash itself); a pending order is re-read until it settles.
 */
export function DepositResultPanel({ depositId }: { depositId: number }) {
  const { t } = useTranslation();
  const format = useFormatAmount();
  const deposits = useDeposits();
  const balance = useBalance();
  const deposit = deposits.data?.find((row) => row.id === depositId) ?? null;
  const isPending = deposit?.status === 'pending';
  const { refetch: refetchDeposits } = deposits;
  const { refetch: refetchBalance } = balance;

  useEffect(() => {
    if (!isPending) return;
    const timer = window.setInterval(() => {
      void refetchDeposits();
      void refetchBalance();
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [isPending, refetchDeposits, refetchBalance]);

  if (deposits.isPending) return <Spinner isCentered label={t('wallet.loading')} />;
  const outcome = !deposit ? 'unknown' : deposit.status === 'approved' ? 'credited' : isPending ? 'pending' : 'failed';
  return (
    <section
      className={`${blocks.column} ${styles.card}`}
      aria-labelledby="deposit-result-title"
      data-testid="deposit-result"
      data-outcome={outcome}
    >
      <h3 id="deposit-result-title" className={styles.cardTitle}>
        {t(`wallet.depositResult.${outcome}Title`, { amount: deposit ? format(deposit.amount) : '' })}
      </h3>
      <p className={styles.notice} role="status">
        {t(`wallet.depositResult.${outcome}Text`, {
          id: depositId,
          provider: t(`wallet.providerNames.${deposit?.provider ?? 'generic'}`, { defaultValue: t('wallet.providerNames.generic') }),
        })}
      </p>
      {outcome === 'failed' && deposit?.failureMessage ? (
        <p className={styles.notice} data-testid="deposit-result-reason">
          {deposit.failureMessage}
        </p>
      ) : null}
      {balance.data ? (
        <p className={styles.instructions} data-testid="deposit-result-balance">
          {t('wallet.depositResult.balance', { balance: format(balance.data.balance) })}
        </p>
      ) : null}
    </section>
  );
}
