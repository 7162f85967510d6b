import { earningsToWalletBody } from '@kismat/contracts/agent';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { amountField, amountToWire, moneyFormResolver } from '@/lib/money-form';
import { useLanguage } from '@/stores/language-store';
import { useMoveEarningsToWallet } from '../api/move-earnings-to-wallet';
import { formatMoney } from '../utils/format';
import styles from './agent-pages.module.css';
import { DialogFormFooter } from './dialog-form-footer';

/**
 * Earnings to wallet: salaries and dividends received sit in the agent's earnings; this moves
 * them (all by default) into its cash wallet. One key per attempt, so a retry moves them once.
 */
export function EarningsToWalletDialog({ earnings, onClose }: { earnings: string; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [error, setError] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const move = useMoveEarningsToWallet();
  const { register, handleSubmit, formState } = useForm({
    defaultValues: { amount: earnings },
    resolver: moneyFormResolver(
      earningsToWalletBody
        .omit({ idempotencyKey: true })
        .extend({ amount: amountField({ max: earnings, message: t('agentCentre.transfer.invalidAmount') }) }),
      {},
    ),
  });
  const submit = handleSubmit(({ amount }) => {
    setError(null);
    move.mutate(
      { amount: amountToWire(amount), idempotencyKey },
      {
        onSuccess: () => setIdempotencyKey(newIdempotencyKey()),
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : t('agentCentre.actionFailed')),
      },
    );
  });
  return (
    <Dialog isOpen onClose={onClose} title={t('agentCentre.bar.toWalletTitle')} width={420} height="auto" isClosable={!move.isPending}>
      {move.data ? (
        <div className={styles.stack}>
          <p className={styles.success} role="status">
            {t('agentCentre.bar.toWalletDone', { amount: formatMoney(move.data.amount, language) })}
          </p>
          <div className={styles.formActions}>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </div>
        </div>
      ) : (
        <form className={styles.stack} onSubmit={(event) => void submit(event)} noValidate aria-label={t('agentCentre.bar.toWalletTitle')}>
          <p>{t('agentCentre.bar.toWalletText', { amount: formatMoney(earnings, language) })}</p>
          <TextField
            label={t('agentCentre.bar.toWalletAmount')}
            inputMode="decimal"
            {...register('amount')}
            error={formState.errors.amount?.message}
            isRequired
          />
          <DialogFormFooter error={error} isPending={move.isPending} onCancel={onClose} submitLabel={t('agentCentre.bar.toWalletSubmit')} />
        </form>
      )}
    </Dialog>
  );
}
