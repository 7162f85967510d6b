import { payBillBody } from '@kismat/contracts/agent';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PasswordField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { moneyFormResolver } from '@/lib/money-form';
import { useLanguage } from '@/stores/language-store';
import { usePayBill } from '../api/pay-bill';
import type { Bill } from '../api/types';
import { formatMinor, toMinor } from '../utils/contract-tiers';
import { formatMoney } from '../utils/format';
import styles from './agent-pages.module.css';
import { DialogFormFooter } from './dialog-form-footer';

/** Owed on a bill: what is due minus what was paid, as "1234.50" (amounts are exact decimal strings). */
function remainderOf(bill: Bill): string {
  const due = toMinor(bill.amountDue) ?? 0n;
  const paid = toMinor(bill.amountPaid) ?? 0n;
  return formatMinor(due > paid ? due - paid : 0n);
}

/**
 * "Pay now": the payer confirms the amount still owed and its payment password (as for
 * transfers). The server pays from earnings first, then the wallet, and never more than is
 * owed; one key per attempt so a retried request pays once.
 */
export function PayBillDialog({ bill, onClose }: { bill: Bill; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [error, setError] = useState<string | null>(null);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const pay = usePayBill();
  const owed = formatMoney(remainderOf(bill), language);
  const { register, handleSubmit, formState } = useForm({
    defaultValues: { paymentPassword: '' },
    resolver: moneyFormResolver(payBillBody.omit({ idempotencyKey: true }), {
      paymentPassword: t('agentCentre.transfer.passwordRequired'),
    }),
  });
  const submit = handleSubmit(({ paymentPassword }) => {
    setError(null);
    pay.mutate(
      { billId: bill.id, paymentPassword, idempotencyKey },
      { onError: (failure) => setError(failure instanceof ApiError ? failure.message : t('agentCentre.actionFailed')) },
    );
  });
  const result = pay.data;
  return (
    <Dialog isOpen onClose={onClose} title={t('agentCentre.bills.payTitle')} width={440} height="auto" isClosable={!pay.isPending}>
      {result ? (
        <div className={styles.stack} data-testid="pay-bill-result">
          <p className={styles.success} role="status">
            {t('agentCentre.bills.payDone', { amount: formatMoney(result.paidNow, language), username: bill.payeeUsername })}
          </p>
          {result.remaining !== '0.00' ? (
            <p className={styles.muted}>{t('agentCentre.bills.stillOwed', { amount: formatMoney(result.remaining, language) })}</p>
          ) : null}
          <div className={styles.formActions}>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </div>
        </div>
      ) : (
        <form className={styles.stack} onSubmit={(event) => void submit(event)} noValidate aria-label={t('agentCentre.bills.payTitle')}>
          <p>
            {t('agentCentre.bills.payText', {
              amount: owed,
              username: bill.payeeUsername,
              period: bill.periodKey,
              type: t(`agentCentre.contractTypes.${bill.type}`),
            })}
          </p>
          <p className={styles.statValue} data-testid="pay-bill-amount">
            {owed}
          </p>
          <p className={styles.muted}>{t('agentCentre.bills.paySource')}</p>
          <PasswordField
            label={t('agentCentre.transfer.paymentPassword')}
            autoComplete="off"
            {...register('paymentPassword')}
            error={formState.errors.paymentPassword?.message}
            isRequired
          />
          <DialogFormFooter
            error={error}
            isPending={pay.isPending}
            onCancel={onClose}
            submitLabel={t('agentCentre.bills.payConfirm', { amount: owed })}
          />
        </form>
      )}
    </Dialog>
  );
}
