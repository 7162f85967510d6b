import type { LoginChallenge, LoginResult, SecondFactorMethod } from '@kismat/contracts/session';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeButton } from '@/components/ui/code-button';
import { FormError } from '@/components/ui/form-error';
import styles from '@/components/ui/form-layout.module.css';
import { SubmitButton } from '@/components/ui/submit-button';
import { type TabItem, Tabs } from '@/components/ui/tabs';
import { TextField } from '@/components/ui/text-field';
import { countdownSeconds, errorMessage, retryAfterSeconds } from '@/lib/form-errors';
import { completeLoginVerification } from '../api/complete-login-verification';
import { sendLoginVerificationCode } from '../api/send-login-verification-code';

interface SecondFactorStepProps {
  challenge: LoginChallenge;
  onVerified: (result: LoginResult) => Promise<void>;
  onCancel: () => void;
}

/**
 * Extra login verification (spec section 4): a login from an IP the member never used asks
 * for a second factor: a code by SMS or e-mail, the bank account name, or an authenticator code.
 */
export function SecondFactorStep({ challenge, onVerified, onCancel }: SecondFactorStepProps) {
  const { t } = useTranslation('accounts');
  const [method, setMethod] = useState<SecondFactorMethod>(challenge.methods[0] ?? 'SMS');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ answer: string }>({ defaultValues: { answer: '' } });

  const tabs: TabItem<SecondFactorMethod>[] = challenge.methods.map((value) => ({ value, label: t(`secondFactor.methods.${value}`) }));
  const destination = method === 'SMS' ? challenge.mobile : method === 'EMAIL' ? challenge.email : null;

  const onSubmit = handleSubmit(async ({ answer }) => {
    setFormError(null);
    try {
      const result = await completeLoginVerification({ challengeId: challenge.challengeId, method, answer: answer.trim() });
      await onVerified(result);
    } catch (error) {
      setFormError(errorMessage(error, t('errors.unknown')));
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.lead}>{t('secondFactor.lead')}</p>
      {tabs.length > 1 ? (
        <Tabs
          items={tabs}
          value={method}
          onChange={(next) => {
            setMethod(next);
            reset({ answer: '' });
            setFormError(null);
          }}
          label={t('secondFactor.methodsLabel')}
        />
      ) : null}
      {destination ? <p className={styles.hint}>{t('secondFactor.sentTo', { destination })}</p> : null}
      <TextField
        key={method}
        label={t(`secondFactor.answer.${method}`)}
        icon={method === 'BANK_NAME' ? 'bank' : 'key'}
        autoComplete={method === 'BANK_NAME' ? 'off' : 'one-time-code'}
        inputMode={method === 'BANK_NAME' ? 'text' : 'numeric'}
        maxLength={255}
        isRequired
        error={errors.answer?.message}
        trailing={
          method === 'SMS' || method === 'EMAIL' ? (
            <CodeButton
              onSend={async () => countdownSeconds(await sendLoginVerificationCode({ challengeId: challenge.challengeId, method }))}
              retryAfterOf={retryAfterSeconds}
              messageOf={(error) => errorMessage(error, t('errors.unknown'))}
            />
          ) : undefined
        }
        {...register('answer', { validate: (value) => (value.trim() === '' ? t('validation.required') : true) })}
      />
      <FormError message={formError} />
      <SubmitButton isBusy={isSubmitting} busyLabel={t('login.submitting')}>
        {t('secondFactor.submit')}
      </SubmitButton>
      <button type="button" className={styles.link} onClick={onCancel}>
        {t('secondFactor.back')}
      </button>
    </form>
  );
}
