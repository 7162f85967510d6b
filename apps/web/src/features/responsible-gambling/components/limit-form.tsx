import { type RgLimitKind, type RgPeriod, rgUnitOf } from '@kismat/contracts/responsible-gambling';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/form-errors';
import { useFormatDateTime } from '@/lib/format-date';
import { moneyFormResolver } from '@/lib/money-form';
import { useSetLimit } from '../api/set-limit';
import { isLoosening, limitFormSchema } from '../utils/limit-form';
import styles from './safer.module.css';

interface LimitFormProps {
  kind: RgLimitKind;
  period: RgPeriod;
  /** The value in force ("1000.00" or minutes), null when none. */
  current: string | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/** One limit's value: the contract's body through react-hook-form; the server decides at once or in 24 h. */
export function LimitForm({ kind, period, current, onDone, onCancel }: LimitFormProps) {
  const { t } = useTranslation('safer');
  const formatWhen = useFormatDateTime();
  const unit = rgUnitOf(kind);
  const setLimit = useSetLimit();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, watch, formState } = useForm({
    defaultValues: { value: current ?? '' },
    resolver: moneyFormResolver(
      () => limitFormSchema(unit, { amount: t('limits.amountInvalid'), minutes: t('limits.minutesInvalid') }),
      {},
    ),
  });
  const typed = watch('value');
  const parsed = limitFormSchema(unit, { amount: '', minutes: '' }).safeParse({ value: typed });
  const isLooser = parsed.success && isLoosening(unit, current, parsed.data.value);

  const submit = handleSubmit(async ({ value }) => {
    setFormError(null);
    try {
      const answer = await setLimit.mutateAsync({ kind, period, value });
      onDone(
        answer.outcome === 'PENDING'
          ? t('limits.queued', { when: formatWhen(answer.effectiveAt) })
          : answer.outcome === 'UNCHANGED'
            ? t('limits.unchanged')
            : t('limits.applied'),
      );
    } catch (error) {
      setFormError(errorMessage(error, t('loadFailed')));
    }
  });

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid={`limit-form-${kind}-${period}`}>
      <TextField
        label={unit === 'MONEY' ? t('limits.valueMoney') : t('limits.valueMinutes')}
        inputMode={unit === 'MONEY' ? 'decimal' : 'numeric'}
        icon={unit === 'MONEY' ? 'coins' : 'clock'}
        hint={unit === 'MINUTES' ? t('limits.minutesHint') : undefined}
        error={formState.errors.value?.message}
        autoComplete="off"
        isRequired
        {...register('value')}
      />
      {isLooser ? <p className={styles.warning}>{t('limits.looserWarning')}</p> : null}
      <FormError message={formError} />
      <div className={styles.actions}>
        <Button type="submit" size="small" disabled={setLimit.isPending} aria-busy={setLimit.isPending}>
          {t('limits.save')}
        </Button>
        <Button size="small" variant="ghost" onClick={onCancel}>
          {t('limits.cancel')}
        </Button>
      </div>
    </form>
  );
}
