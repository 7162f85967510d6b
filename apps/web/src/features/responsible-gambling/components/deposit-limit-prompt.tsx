import { RG_PERIODS, type RgPeriod } from '@kismat/contracts/responsible-gambling';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/form-errors';
import { moneyFormResolver } from '@/lib/money-form';
import { useRgOverview } from '../api/get-overview';
import { useSetLimit } from '../api/set-limit';
import { useSkipDepositLimit } from '../api/skip-deposit-limit';
import { limitFormSchema } from '../utils/limit-form';
import { ReviewBanner } from './review-banner';
import styles from './safer.module.css';

// For the wallet's deposit page, which waits for the member's limits (app/routes/member-page-chunks.tsx).
export { useRgOverview };

/** At the first deposit (depositLimitPrompt): set a deposit limit, or choose none (recorded). */
function FirstDepositPrompt({ onAnswered }: { onAnswered: (message: string) => void }) {
  const { t } = useTranslation('safer');
  const name = useId();
  const [period, setPeriod] = useState<RgPeriod>('MONTH');
  const setLimit = useSetLimit();
  const skip = useSkipDepositLimit();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({
    defaultValues: { value: '' },
    resolver: moneyFormResolver(
      () => limitFormSchema('MONEY', { amount: t('limits.amountInvalid'), minutes: t('limits.minutesInvalid') }),
      {},
    ),
  });
  const submit = handleSubmit(async ({ value }) => {
    setFormError(null);
    try {
      await setLimit.mutateAsync({ kind: 'DEPOSIT', period, value });
      onAnswered(t('prompt.saved'));
    } catch (error) {
      setFormError(errorMessage(error, t('loadFailed')));
    }
  });
  const isBusy = setLimit.isPending || skip.isPending;
  return (
    <section className={styles.banner} aria-labelledby="deposit-limit-prompt" data-testid="deposit-limit-prompt">
      <h3 id="deposit-limit-prompt" className={styles.bannerTitle}>
        {t('prompt.title')}
      </h3>
      <p>{t('prompt.text')}</p>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={`${blocks.wrapList} ${styles.choices}`} aria-label={t('prompt.period')}>
          {RG_PERIODS.map((item) => (
            <label key={item} className={styles.choice}>
              <input type="radio" name={name} checked={item === period} onChange={() => setPeriod(item)} />
              <span className={styles.choiceText}>{t(`periods.${item}`)}</span>
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('limits.valueMoney')}
          inputMode="decimal"
          icon="coins"
          autoComplete="off"
          error={formState.errors.value?.message}
          {...register('value')}
        />
        <FormError message={formError ?? (skip.error ? errorMessage(skip.error, t('loadFailed')) : null)} />
        <div className={styles.actions}>
          <Button type="submit" size="small" disabled={isBusy}>
            {t('prompt.set')}
          </Button>
          <Button
            size="small"
            variant="ghost"
            disabled={isBusy}
            onClick={() => skip.mutate(undefined, { onSuccess: () => onAnswered(t('prompt.skipped')) })}
          >
            {t('prompt.skip')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/**
 * Above the deposit form: the first-deposit limit prompt, the 6-monthly review, else a quiet
 * link to the safer gambling page. A refused deposit's own message (a limit reached, a time-out)
 * is the deposit form's: the server writes it in the member's language.
 */
export function DepositLimitPrompt() {
  const { t } = useTranslation('safer');
  const overview = useRgOverview();
  const [answer, setAnswer] = useState<string | null>(null);
  if (answer) {
    return (
      <p className={styles.status} role="status">
        {answer}
      </p>
    );
  }
  if (overview.data?.depositLimitPrompt) return <FirstDepositPrompt onAnswered={setAnswer} />;
  if (overview.data?.reviewDue) return <ReviewBanner />;
  return (
    <p className={styles.quiet} data-testid="deposit-safer-link">
      {t('depositBanner.text')}
      <Link className={styles.link} to={paths.saferGambling.getHref('limits')}>
        {t('depositBanner.link')}
      </Link>
    </p>
  );
}
