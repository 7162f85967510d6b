import { createWithdrawalBody, type WithdrawalValue } from '@kismat/contracts/cashier';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import blocks from '@/components/ui/blocks.module.css';
import { Button, buttonClassName } from '@/components/ui/button';
import { FileField } from '@/components/ui/file-field';
import { PaymentPasswordField } from '@/components/ui/payment-password-field';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useFormatDateTime } from '@/lib/format-date';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { amountField, amountTextToMinor, amountToWire, moneyFormResolver } from '@/lib/money-form';
import { useUploadProof } from '../api/upload-proof';
import { useConfirmWithdrawal, useCreateWithdrawal, useWithdrawals, useWithdrawInfo, type WithdrawInfo } from '../api/withdrawals';
import { AmountField } from './amount-field';
import { ErrorText } from './error-text';
import { TurnoverLeftPanel } from './turnover-left-panel';
import { useFormatAmount } from './use-amount-locale';
import styles from './wallet.module.css';

function ConfirmActions({ withdrawal }: { withdrawal: WithdrawalValue }) {
  const { t } = useTranslation();
  const formatWhen = useFormatDateTime();
  const confirm = useConfirmWithdrawal();
  const upload = useUploadProof();
  const [mode, setMode] = useState<'none' | 'partial' | 'not_received'>('none');
  const [received, setReceived] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const send = async () => {
    const receivedMinor = amountTextToMinor(received);
    if (mode === 'partial' && receivedMinor !== null) {
      await confirm.mutateAsync({ id: withdrawal.id, outcome: 'partial', receivedAmount: amountToWire(receivedMinor) });
    } else if (mode === 'not_received' && proof) {
      const { uploadId } = await upload.mutateAsync(proof);
      await confirm.mutateAsync({ id: withdrawal.id, outcome: 'not_received', proofUploadId: uploadId });
    }
  };
  return (
    <div className={`${blocks.column} ${styles.page}`}>
      <p className={styles.notice}>
        {t('wallet.withdraw.confirmHint', {
          time: withdrawal.confirmDeadline ? formatWhen(withdrawal.confirmDeadline) : '',
        })}
      </p>
      <div className={styles.actions}>
        <Button size="small" onClick={() => confirm.mutate({ id: withdrawal.id, outcome: 'received' })} disabled={confirm.isPending}>
          {t('wallet.withdraw.received')}
        </Button>
        <Button size="small" variant="outline" onClick={() => setMode('partial')}>
          {t('wallet.withdraw.partial')}
        </Button>
        <Button size="small" variant="outline" onClick={() => setMode('not_received')}>
          {t('wallet.withdraw.notReceived')}
        </Button>
      </div>
      {mode === 'partial' ? (
        <div className={styles.actions}>
          <TextField
            label={t('wallet.withdraw.receivedAmount')}
            inputMode="decimal"
            value={received}
            onChange={(event) => setReceived(event.target.value)}
          />
          <Button
            size="small"
            onClick={() => void send().catch(() => undefined)}
            disabled={amountTextToMinor(received) === null || confirm.isPending}
          >
            {t('wallet.confirm')}
          </Button>
        </div>
      ) : null}
      {mode === 'not_received' ? (
        <div className={styles.actions}>
          <FileField
            label={t('wallet.deposit.proof')}
            accept="image/png,image/jpeg"
            hint={t('wallet.deposit.proofHint')}
            onChange={setProof}
          />
          <Button
            size="small"
            onClick={() => void send().catch(() => undefined)}
            disabled={!proof || confirm.isPending || upload.isPending}
          >
            {t('wallet.confirm')}
          </Button>
        </div>
      ) : null}
      <ErrorText error={confirm.error ?? upload.error} />
    </div>
  );
}

function WithdrawalList() {
  const { t } = useTranslation();
  const format = useFormatAmount();
  const formatWhen = useFormatDateTime();
  const withdrawals = useWithdrawals();
  if (!withdrawals.data?.length) return null;
  return (
    <section className={`${blocks.column} ${styles.card}`} aria-labelledby="withdrawal-records">
      <h3 id="withdrawal-records" className={styles.cardTitle}>
        {t('wallet.withdraw.records')}
      </h3>
      <ul className={blocks.stackList}>
        {withdrawals.data.map((row) => (
          <li key={row.id} className={styles.listItem} data-testid={`withdrawal-${row.id}`}>
            <div className={styles.listRow}>
              <strong>{format(row.amount)}</strong>
              <span className={styles.status}>
                {row.confirmation && row.confirmation !== 'awaiting'
                  ? t(`wallet.confirmation.${row.confirmation}`)
                  : t(`wallet.status.${row.status}`)}
              </span>
            </div>
            <div className={styles.listRow}>
              <span className={styles.notice}>
                {row.bankName} {row.accountNumber} · {formatWhen(row.createdAt)}
              </span>
              <span className={styles.notice}>
                {t('wallet.withdraw.receivedAmount')}: {format(row.receivedAmount)} · {t('wallet.withdraw.remainingAmount')}:{' '}
                {format(row.remainingAmount)}
              </span>
            </div>
            {row.status === 'approved' && row.confirmation === 'awaiting' ? <ConfirmActions withdrawal={row} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** withdraw: bound bank account, amount within limits, payment password; then confirm the payout. */
export function WithdrawPage() {
  const { t } = useTranslation();
  const format = useFormatAmount();
  const info = useWithdrawInfo();
  if (info.isPending) return <Spinner isCentered label={t('wallet.loading')} />;
  if (!info.data) return <ErrorText error={info.error} />;
  const data = info.data;
  const needsSetup = data.bankAccounts.length === 0 || !data.hasPaymentPassword;
  return (
    <div className={`${blocks.column} ${styles.page}`}>
      <div className={styles.summary}>
        <div className={styles.stat}>
          <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('wallet.available')}</span>
          <span className={`${blocks.statValue} ${styles.statValue}`} data-testid="withdraw-available">
            {format(data.available)}
          </span>
        </div>
        <div className={styles.stat}>
          <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('wallet.withdraw.todayUsed')}</span>
          <span className={`${blocks.statValue} ${styles.statValue}`}>
            {format(data.usedTodayAmount)} / {format(data.dailyMaxAmount)}
          </span>
        </div>
        <div className={styles.stat}>
          <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('wallet.withdraw.todayCount')}</span>
          <span className={`${blocks.statValue} ${styles.statValue}`}>
            {data.usedTodayCount} / {data.dailyMaxCount}
          </span>
        </div>
      </div>
      <section className={`${blocks.column} ${styles.card}`} aria-labelledby="withdraw-form">
        <h3 id="withdraw-form" className={styles.cardTitle}>
          {t('wallet.withdraw.title')}
        </h3>
        <TurnoverLeftPanel />
        {needsSetup ? (
          <div className={`${blocks.column} ${styles.page}`}>
            <p className={styles.notice}>
              {data.bankAccounts.length === 0 ? t('wallet.withdraw.needBank') : t('wallet.withdraw.needPaymentPassword')}
            </p>
            <Link to={paths.member.getHref('securityCenter')} className={buttonClassName({ variant: 'outline', size: 'small' })}>
              {t('wallet.withdraw.goSecurity')}
            </Link>
          </div>
        ) : (
          <WithdrawForm info={data} />
        )}
      </section>
      <WithdrawalList />
    </div>
  );
}

/** The contract's withdrawal body, its amount typed as text and held to this member's limits. */
function withdrawFormSchema(info: WithdrawInfo, amountMessage: string) {
  return createWithdrawalBody.omit({ bankAccountId: true, amount: true, idempotencyKey: true }).extend({
    bankAccountId: z.string().transform(Number).pipe(createWithdrawalBody.shape.bankAccountId),
    amount: amountField({ min: info.minAmount, max: info.maxAmount, message: amountMessage }),
  });
}

function WithdrawForm({ info }: { info: WithdrawInfo }) {
  const { t } = useTranslation();
  const format = useFormatAmount();
  const create = useCreateWithdrawal();
  const keyRef = useRef(newIdempotencyKey());
  const range = { min: format(info.minAmount), max: format(info.maxAmount) };
  const { register, handleSubmit, reset, formState } = useForm({
    defaultValues: { bankAccountId: String(info.bankAccounts[0]?.id ?? ''), amount: '', paymentPassword: '' },
    resolver: moneyFormResolver(() => withdrawFormSchema(info, t('wallet.errors.amountRange', range)), {
      paymentPassword: t('wallet.errors.paymentPassword'),
    }),
  });
  const submit = handleSubmit(async ({ bankAccountId, amount, paymentPassword }) => {
    await create.mutateAsync({ bankAccountId, amount: amountToWire(amount), paymentPassword, idempotencyKey: keyRef.current });
    keyRef.current = newIdempotencyKey();
    reset((values) => ({ ...values, amount: '', paymentPassword: '' }));
  });
  const { errors } = formState;
  return (
    <form className={`${blocks.column} ${styles.form}`} onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <SelectField label={t('wallet.withdraw.bankAccount')} {...register('bankAccountId')}>
        {info.bankAccounts.map((bank) => (
          <option key={bank.id} value={bank.id}>
            {bank.bankName} · {bank.accountName} · {bank.accountNumber}
          </option>
        ))}
      </SelectField>
      <AmountField range={range} {...register('amount')} error={errors.amount?.message} />
      <PaymentPasswordField label={t('wallet.paymentPassword')} {...register('paymentPassword')} error={errors.paymentPassword?.message} />
      <ErrorText error={create.error} />
      <p className={styles.notice}>{t('wallet.withdraw.timeoutNote', { minutes: info.confirmTimeoutMinutes })}</p>
      <Button type="submit" disabled={create.isPending}>
        {t('wallet.withdraw.submit')}
      </Button>
      {create.isSuccess ? (
        <p className={styles.notice} role="status">
          {t('wallet.withdraw.submitted')}
        </p>
      ) : null}
    </form>
  );
}
