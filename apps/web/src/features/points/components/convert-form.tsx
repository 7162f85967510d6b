import type { PointConfigValue } from '@kismat/contracts/points';
import { tryParseAmount } from '@kismat/contracts/wallet';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PaymentPasswordField } from '@/components/ui/payment-password-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/form-errors';
import { useFormatMoney } from '@/lib/format-money';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { moneyFormResolver } from '@/lib/money-form';
import { showToast } from '@/stores/toast-store';
import { useConvertPoints } from '../api/convert-points';
import { cashForPoints, convertFormSchema } from '../utils/point-forms';
import styles from './points.module.css';

/** Points to cash at the configured rate (whole units, at least the minimum), payment password checked. */
export function ConvertForm({ config, balance }: { config: PointConfigValue; balance: number }) {
  const { t } = useTranslation('loyalty');
  const formatMoney = useFormatMoney();
  const convert = useConvertPoints();
  const keyRef = useRef(newIdempotencyKey());
  const { conversion } = config;
  const unitMinor = (() => {
    const parsed = tryParseAmount(conversion.amount, { allowZero: true });
    return parsed.ok ? parsed.value : 0n;
  })();
  const rule = {
    min: conversion.minPoints.toLocaleString('en-US'),
    unit: conversion.points.toLocaleString('en-US'),
    amount: formatMoney(conversion.amount),
  };
  const { register, handleSubmit, watch, reset, formState } = useForm({
    defaultValues: { points: '', paymentPassword: '' },
    resolver: moneyFormResolver(
      convertFormSchema({ balance, minPoints: conversion.minPoints, unitPoints: conversion.points }, t('convert.errors.points', rule)),
      { paymentPassword: t('mall.errors.paymentPassword') },
    ),
  });
  const typed = watch('points').trim().replaceAll(',', '');
  const preview = /^\d{1,10}$/.test(typed) ? cashForPoints(Number(typed), conversion.points, unitMinor) : 0n;
  const submit = handleSubmit(async ({ points, paymentPassword }) => {
    const result = await convert.mutateAsync({ points, paymentPassword, idempotencyKey: keyRef.current });
    keyRef.current = newIdempotencyKey();
    reset();
    showToast(t('convert.done', { amount: formatMoney(result.redemption.amount) }));
  });
  if (!conversion.isEnabled) return <p className={styles.muted}>{t('convert.off')}</p>;
  const { errors } = formState;
  return (
    <form className={`${blocks.surfaceCard} ${styles.formCard}`} onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <p className={styles.muted}>{t('convert.rule', rule)}</p>
      {conversion.turnoverMultiplier > 0 ? (
        <p className={styles.muted}>{t('convert.turnover', { times: conversion.turnoverMultiplier })}</p>
      ) : null}
      <TextField
        label={t('convert.points')}
        inputMode="numeric"
        {...register('points')}
        error={errors.points?.message}
        hint={t('convert.available', { points: balance.toLocaleString('en-US') })}
        isRequired
        icon="star"
      />
      <p className={blocks.figure} data-testid="convert-preview">
        {t('convert.youGet', { amount: formatMoney(preview) })}
      </p>
      <PaymentPasswordField label={t('mall.paymentPassword')} {...register('paymentPassword')} error={errors.paymentPassword?.message} />
      <FormError message={convert.error ? errorMessage(convert.error, t('mall.errors.failed')) : null} />
      <Button type="submit" disabled={convert.isPending}>
        {t('convert.submit')}
      </Button>
    </form>
  );
}
