import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CodeButton } from '@/components/ui/code-button';
import styles from '@/components/ui/form-layout.module.css';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { fieldRuleMessage } from '@/lib/field-validation';
import { showToast } from '@/stores/toast-store';
import { useBindEmail } from '../api/bind-email';
import { sendBindEmailCode } from '../api/send-bind-email-code';
import { countdownSeconds, errorMessage, retryAfterSeconds } from '../utils/form-errors';
import { EMAIL_FALLBACK_RULE } from '../utils/rules';

interface Fields {
  email: string;
  verificationCode: string;
}

/** Bind an e-mail address with the code sent to it; a bound address cannot be changed. */
export function BindEmailForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const bind = useBindEmail();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Fields>({ defaultValues: { email: '', verificationCode: '' } });

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null);
    try {
      await bind.mutateAsync({ email: fields.email.trim(), verificationCode: fields.verificationCode.trim() });
      showToast(t('security.email.bound'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'VERIFICATION_CODE_INVALID' || error.code === 'VERIFICATION_CODE_EXPIRED')) {
        setError('verificationCode', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      if (error instanceof ApiError && error.code === 'EMAIL_INVALID') {
        setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      setFormError(errorMessage(error, t('errors.unknown')));
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.lead}>{t('security.email.lead')}</p>
      <div className={styles.fields}>
        <TextField
          label={t('fields.email')}
          icon="mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('placeholders.email')}
          isRequired
          error={errors.email?.message}
          {...register('email', {
            validate: (value) =>
              value.trim() === ''
                ? t('validation.required')
                : fieldRuleMessage(t, EMAIL_FALLBACK_RULE, value.trim())
                  ? t('validation.emailInvalid')
                  : true,
          })}
        />
        <TextField
          label={t('security.email.code')}
          icon="key"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={255}
          isRequired
          error={errors.verificationCode?.message}
          trailing={
            <CodeButton
              canSend={() => trigger('email')}
              onSend={async () => countdownSeconds(await sendBindEmailCode({ email: getValues('email').trim() }))}
              retryAfterOf={retryAfterSeconds}
              messageOf={(error) => errorMessage(error, t('errors.unknown'))}
            />
          }
          {...register('verificationCode', { validate: (value) => (value.trim() === '' ? t('validation.codeInvalid') : true) })}
        />
      </div>
      <p className={styles.hint}>{t('security.bindFinal')}</p>
      {formError ? (
        <p className={styles.formError} role="alert">
          {formError}
        </p>
      ) : null}
      <Button type="submit" isBlock size="large" disabled={isSubmitting}>
        {isSubmitting ? <Spinner size={18} label={t('security.saving')} /> : null}
        {t('security.email.submit')}
      </Button>
    </form>
  );
}
