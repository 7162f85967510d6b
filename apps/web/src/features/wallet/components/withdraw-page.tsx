import type { WithdrawalValue } from '@kismat/contracts/cashier';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { FileField } from '@/components/ui/file-field';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useFormatDateTime } from '@/lib/format-date';
import { useUploadProof } from '../api/upload-proof';
import { newIdempotencyKey } from '../api/wallet-keys';
import { useConfirmWithdrawal, useCreateWithdrawal, useWithdrawals, useWithdrawInfo } from '../api/withdrawals';
import { isAmountText } from '../utils/amount';
import { ErrorText } from './error-text';
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
    if (mode === 'partial') await confirm.mutateAsync({ id: withdrawal.id, outcome: 'partial', receivedAmount: received.trim() });
    else if (mode === 'not_received' && proof) {
      const { uploadId } = await upload.mutateAsync(proof);
      await confirm.mutateAsync({ id: withdrawal.id, outcome: 'not_received', proofUploadId: uploadId });
    }
  };
  return (
    <div className={styles.page}>
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
          <Button size="small" onClick={() => void send().catch(() => undefined)} disabled={!isAmountText(received) || confirm.isPending}>
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
    <section className={styles.card} aria-labelledby="withdrawal-records">
      <h3 id="withdrawal-records" className={styles.cardTitle}>
        {t('wallet.withdraw.records')}
      </h3>
      <ul className={styles.list}>
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
  const create = useCreateWithdrawal();
  const [bankAccountId, setBankAccountId] = useState('');
  const [amount, setAmount] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const keyRef = useRef(newIdempotencyKey());
  if (info.isPending) return <Spinner isCentered label={t('wallet.loading')} />;
  if (!info.data) return <ErrorText error={info.error} />;
  const data = info.data;
  const needsSetup = data.bankAccounts.length === 0 || !data.hasPaymentPassword;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    const bank = Number(bankAccountId || data.bankAccounts[0]?.id);
    if (!isAmountText(amount) || Number(amount) < Number(data.minAmount) || Number(amount) > Number(data.maxAmount)) {
      setFieldError(t('wallet.errors.amountRange', { min: format(data.minAmount), max: format(data.maxAmount) }));
      return;
    }
    if (!paymentPassword) {
      setFieldError(t('wallet.errors.paymentPassword'));
      return;
    }
    await create.mutateAsync({ bankAccountId: bank, amount: amount.trim(), paymentPassword, idempotencyKey: keyRef.current });
    keyRef.current = newIdempotencyKey();
    setAmount('');
    setPaymentPassword('');
  };

  return (
    <div className={styles.page}>
      <div className={styles.summary}>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('wallet.available')}</span>
          <span className={styles.statValue} data-testid="withdraw-available">
            {format(data.available)}
          </span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('wallet.withdraw.todayUsed')}</span>
          <span className={styles.statValue}>
            {format(data.usedTodayAmount)} / {format(data.dailyMaxAmount)}
          </span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('wallet.withdraw.todayCount')}</span>
          <span className={styles.statValue}>
            {data.usedTodayCount} / {data.dailyMaxCount}
          </span>
        </div>
      </div>
      <section className={styles.card} aria-labelledby="withdraw-form">
        <h3 id="withdraw-form" className={styles.cardTitle}>
          {t('wallet.withdraw.title')}
        </h3>
        {needsSetup ? (
          <div className={styles.page}>
            <p className={styles.notice}>
              {data.bankAccounts.length === 0 ? t('wallet.withdraw.needBank') : t('wallet.withdraw.needPaymentPassword')}
            </p>
            <Link to={paths.member.getHref('securityCenter')} className={buttonClassName({ variant: 'outline', size: 'small' })}>
              {t('wallet.withdraw.goSecurity')}
            </Link>
          </div>
        ) : (
          <form className={styles.form} onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
            <SelectField
              label={t('wallet.withdraw.bankAccount')}
              value={bankAccountId}
              onChange={(event) => setBankAccountId(event.target.value)}
            >
              {data.bankAccounts.map((bank) => (
                <option key={bank.id} value={bank.id}>
                  {bank.bankName} · {bank.accountName} · {bank.accountNumber}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('wallet.amount')}
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              hint={t('wallet.range', { min: format(data.minAmount), max: format(data.maxAmount) })}
              isRequired
              icon="coins"
            />
            <TextField
              label={t('wallet.paymentPassword')}
              type="password"
              autoComplete="off"
              value={paymentPassword}
              onChange={(event) => setPaymentPassword(event.target.value)}
              isRequired
              icon="lock"
            />
            {fieldError ? (
              <p className={styles.error} role="alert">
                {fieldError}
              </p>
            ) : null}
            <ErrorText error={create.error} />
            <p className={styles.notice}>{t('wallet.withdraw.timeoutNote', { minutes: data.confirmTimeoutMinutes })}</p>
            <Button type="submit" disabled={create.isPending}>
              {t('wallet.withdraw.submit')}
            </Button>
            {create.isSuccess ? (
              <p className={styles.notice} role="status">
                {t('wallet.withdraw.submitted')}
              </p>
            ) : null}
          </form>
        )}
      </section>
      <WithdrawalList />
    </div>
  );
}
