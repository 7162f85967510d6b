import { transferFundBody, transferUplineBody } from '@kismat/contracts/cashier';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import blocks from '@/components/ui/blocks.module.css';
import { Button, buttonClassName } from '@/components/ui/button';
import { PaymentPasswordField } from '@/components/ui/payment-password-field';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { amountField, amountToWire, moneyFormResolver } from '@/lib/money-form';
import { useSessionStore } from '@/stores/session-store';
import { type TransferInfo, useDownlines, useTransferFund, useTransferInfo, useTransferUpline } from '../api/transfers';
import { AmountField } from './amount-field';
import { ErrorText } from './error-text';
import { useFormatAmount } from './use-amount-locale';
import styles from './wallet.module.css';

/**
 * transferFund (agent -> own downline) and transferUpline (member -> own upline): same form,
 * different recipient. Downlines are an agent's: a member is told so and pointed to the upline
 * transfer, and the page never asks the server for the agent-only downline list (a 403).
 */
export function TransferPage({ direction }: { direction: 'downline' | 'upline' }) {
  const isAgent = useSessionStore((state) => state.isAgent);
  if (direction === 'downline' && !isAgent) return <AgentsOnlyNotice />;
  return <TransferForm direction={direction} />;
}

function AgentsOnlyNotice() {
  const { t } = useTranslation();
  return (
    <section className={`${blocks.column} ${styles.card}`} aria-labelledby="transfer-agents-only" data-testid="transfer-agents-only">
      <h3 id="transfer-agents-only" className={styles.cardTitle}>
        {t('wallet.transfer.agentsOnly')}
      </h3>
      <p className={styles.notice}>{t('wallet.transfer.agentsOnlyHint')}</p>
      <div>
        <Link to={paths.member.getHref('transferUpline')} className={buttonClassName({ variant: 'outline' })}>
          {t('wallet.transfer.toUplinePage')}
        </Link>
      </div>
    </section>
  );
}

/**
 * The contract's transfer body (transferFund or transferUpline), its amount typed as text and
 * held to the member's limits; the downline is picked from the list as its id.
 */
function transferFormSchema(info: TransferInfo, amountMessage: string) {
  return transferUplineBody.omit({ amount: true, idempotencyKey: true }).extend({
    downlineId: z.string(),
    amount: amountField({ min: info.minAmount, max: info.maxAmount, message: amountMessage }),
  });
}

function TransferForm({ direction }: { direction: 'downline' | 'upline' }) {
  const { t } = useTranslation();
  const format = useFormatAmount();
  const info = useTransferInfo();
  const [search, setSearch] = useState('');
  const downlines = useDownlines(search, direction === 'downline');
  const toDownline = useTransferFund();
  const toUpline = useTransferUpline();
  const mutation = direction === 'downline' ? toDownline : toUpline;
  const keyRef = useRef(newIdempotencyKey());
  const candidates = direction === 'downline' ? (downlines.data ?? []) : [];
  const range = info.data ? { min: format(info.data.minAmount), max: format(info.data.maxAmount) } : { min: '', max: '' };
  const { register, handleSubmit, reset, setError, formState } = useForm({
    defaultValues: { downlineId: '', amount: '', paymentPassword: '' },
    resolver: info.data
      ? moneyFormResolver(() => transferFormSchema(info.data, t('wallet.errors.amountRange', range)), {
          paymentPassword: t('wallet.errors.paymentPassword'),
        })
      : undefined,
  });
  if (info.isPending) return <Spinner isCentered label={t('wallet.loading')} />;
  if (!info.data) return <ErrorText error={info.error} />;
  const data = info.data;

  const submit = handleSubmit(async ({ downlineId, amount, paymentPassword }) => {
    const common = { amount: amountToWire(amount), paymentPassword, idempotencyKey: keyRef.current };
    if (direction === 'downline') {
      // The select shows the first candidate until another is picked.
      const parsed = transferFundBody.shape.downlineId.safeParse(Number(downlineId || candidates[0]?.id));
      if (!parsed.success) {
        setError('downlineId', { type: 'required', message: t('wallet.transfer.pickDownline') });
        return;
      }
      await toDownline.mutateAsync({ ...common, downlineId: parsed.data });
    } else {
      await toUpline.mutateAsync(common);
    }
    keyRef.current = newIdempotencyKey();
    reset((values) => ({ ...values, amount: '', paymentPassword: '' }));
  });
  const { errors } = formState;

  const canSend = direction === 'downline' ? true : data.upline !== null;
  return (
    <div className={`${blocks.column} ${styles.page}`}>
      <div className={styles.summary}>
        <div className={styles.stat}>
          <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('wallet.available')}</span>
          <span className={`${blocks.statValue} ${styles.statValue}`}>{format(data.available)}</span>
        </div>
        <div className={styles.stat}>
          <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('wallet.transfer.todayUsed')}</span>
          <span className={`${blocks.statValue} ${styles.statValue}`}>
            {format(data.usedTodayAmount)} / {format(data.dailyMaxAmount)}
          </span>
        </div>
      </div>
      <section className={`${blocks.column} ${styles.card}`}>
        {!canSend ? (
          <p className={styles.notice}>{t('wallet.transfer.noUpline')}</p>
        ) : (
          <form className={`${blocks.column} ${styles.form}`} onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
            {direction === 'downline' ? (
              <>
                <TextField
                  label={t('wallet.transfer.search')}
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  icon="search"
                />
                <SelectField label={t('wallet.transfer.downline')} {...register('downlineId')} error={errors.downlineId?.message}>
                  {candidates.map((row) => (
                    <option key={row.id} value={row.id}>
                      {row.username} ({row.nickname}) · {t('wallet.transfer.level', { depth: row.depth })}
                    </option>
                  ))}
                </SelectField>
                {candidates.length === 0 && !downlines.isPending ? (
                  <p className={styles.notice}>{t('wallet.transfer.noDownlines')}</p>
                ) : null}
              </>
            ) : (
              <p className={styles.instructions}>
                {t('wallet.transfer.toUpline')} <strong>{data.upline?.username}</strong> ({data.upline?.nickname})
              </p>
            )}
            <AmountField range={range} {...register('amount')} error={errors.amount?.message} />
            <PaymentPasswordField
              label={t('wallet.paymentPassword')}
              {...register('paymentPassword')}
              error={errors.paymentPassword?.message}
            />
            <ErrorText error={mutation.error} />
            <Button type="submit" disabled={mutation.isPending}>
              {t('wallet.transfer.submit')}
            </Button>
            {mutation.data ? (
              <p className={styles.notice} role="status">
                {t('wallet.transfer.done', { amount: format(mutation.data.amount), name: mutation.data.toUsername })}
              </p>
            ) : null}
          </form>
        )}
      </section>
    </div>
  );
}
