import type { MallItem } from '@kismat/contracts/points';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { PaymentPasswordField } from '@/components/ui/payment-password-field';
import { TextArea } from '@/components/ui/text-area';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/form-errors';
import { useFormatMoney } from '@/lib/format-money';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { moneyFormResolver } from '@/lib/money-form';
import { showToast } from '@/stores/toast-store';
import { useRedeemPointReward } from '../api/redeem-point-reward';
import { maxQuantity, redeemFormSchema } from '../utils/point-forms';
import styles from './points.module.css';

interface RedeemDialogProps {
  item: MallItem | null;
  balance: number;
  onClose: () => void;
}

/** Quantity, a receiving address for goods and the payment password; points are taken at once. */
export function RedeemDialog({ item, balance, onClose }: RedeemDialogProps) {
  const { t } = useTranslation('loyalty');
  return (
    <Dialog isOpen={item !== null} onClose={onClose} title={item ? t('mall.redeemTitle', { name: item.name }) : ''} width={440}>
      {item ? <RedeemForm item={item} balance={balance} onDone={onClose} /> : null}
    </Dialog>
  );
}

function RedeemForm({ item, balance, onDone }: { item: MallItem; balance: number; onDone: () => void }) {
  const { t } = useTranslation('loyalty');
  const formatMoney = useFormatMoney();
  const redeem = useRedeemPointReward();
  const keyRef = useRef(newIdempotencyKey());
  const most = maxQuantity({ item, balance });
  const { register, handleSubmit, watch, formState } = useForm({
    defaultValues: { quantity: '1', receivingAddress: '', paymentPassword: '' },
    resolver: moneyFormResolver(
      redeemFormSchema({ item, balance }, { quantity: t('mall.errors.quantity', { max: most }), address: t('mall.errors.address') }),
      { paymentPassword: t('mall.errors.paymentPassword') },
    ),
  });
  const quantityText = watch('quantity');
  const quantity = /^\d+$/.test(quantityText.trim()) ? Number(quantityText.trim()) : 0;
  const submit = handleSubmit(async ({ quantity: count, receivingAddress, paymentPassword }) => {
    await redeem.mutateAsync({
      itemId: item.id,
      quantity: count,
      receivingAddress: item.kind === 'GOODS' ? receivingAddress.trim() : undefined,
      paymentPassword,
      idempotencyKey: keyRef.current,
    });
    keyRef.current = newIdempotencyKey();
    showToast(t('mall.redeemed'));
    onDone();
  });
  const { errors } = formState;
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <p className={styles.muted}>
        {item.kind === 'CASH' ? t('mall.cashValue', { amount: formatMoney(item.cashAmount) }) : t('mall.goodsNote')}
      </p>
      <TextField
        label={t('mall.quantity')}
        inputMode="numeric"
        {...register('quantity')}
        error={errors.quantity?.message}
        hint={t('mall.quantityHint', { max: most })}
        isRequired
        icon="ticket"
      />
      {item.kind === 'GOODS' ? (
        <TextArea
          label={t('mall.address')}
          rows={3}
          {...register('receivingAddress')}
          error={errors.receivingAddress?.message}
          isRequired
        />
      ) : null}
      <PaymentPasswordField label={t('mall.paymentPassword')} {...register('paymentPassword')} error={errors.paymentPassword?.message} />
      <p className={blocks.figure} data-testid="redeem-total">
        {t('mall.totalPoints', { points: (quantity * item.points).toLocaleString('en-US') })}
      </p>
      <FormError message={redeem.error ? errorMessage(redeem.error, t('mall.errors.failed')) : null} />
      <Button type="submit" isBlock disabled={redeem.isPending || most === 0}>
        {t('mall.confirmRedeem')}
      </Button>
    </form>
  );
}
