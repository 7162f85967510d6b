import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import styles from '@/components/ui/form-layout.module.css';
import { Spinner } from '@/components/ui/spinner';
import { PasswordField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { FORCED_PASSWORD, fieldRuleMessage, type RuleMap } from '@/lib/field-validation';
import { showToast } from '@/stores/toast-store';
import { useChangeLoginPassword } from '../api/change-login-password';
import { errorMessage, serverFieldErrors } from '../utils/form-errors';
import { PASSWORD_FALLBACK_RULE, requiredRuleOf } from '../utils/rules';

interface Fields {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** Change the login password; the member stays signed in with the session the answer carries. */
export function LoginPasswordForm({ rules, onDone }: { rules: RuleMap; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const change = useChangeLoginPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const passwordRule = requiredRuleOf(rules.password, PASSWORD_FALLBACK_RULE);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Fields>({ defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' } });

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null);
    try {
      await change.mutateAsync(fields);
      showToast(t('changePassword.done'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'OLD_PASSWORD_INVALID') {
        setError('oldPassword', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      const fieldErrors = serverFieldErrors(error).filter((field) => field.field === 'newPassword' || field.field === 'confirmNewPassword');
      for (const field of fieldErrors) setError(field.field as keyof Fields, { type: 'server', message: field.message });
      if (fieldErrors.length === 0) setFormError(errorMessage(error, t('errors.unknown')));
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.fields}>
        <PasswordField
          label={t('fields.oldPassword')}
          autoComplete="current-password"
          isRequired
          error={errors.oldPassword?.message}
          {...register('oldPassword', { validate: (value) => (value === '' ? t('validation.passwordRequired') : true) })}
        />
        <PasswordField
          label={t('fields.newPassword')}
          autoComplete="new-password"
          isRequired
          error={errors.newPassword?.message}
          {...register('newPassword', {
            validate: (value) =>
              fieldRuleMessage(t, passwordRule, value) ??
              (value === FORCED_PASSWORD
                ? t('validation.passwordNotAllowed')
                : value === getValues('oldPassword')
                  ? t('validation.passwordUnchanged')
                  : true),
          })}
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          isRequired
          error={errors.confirmNewPassword?.message}
          {...register('confirmNewPassword', {
            validate: (value) =>
              value === '' ? t('validation.confirmRequired') : value !== getValues('newPassword') ? t('validation.confirmMismatch') : true,
          })}
        />
      </div>
      {formError ? (
        <p className={styles.formError} role="alert">
          {formError}
        </p>
      ) : null}
      <Button type="submit" isBlock size="large" disabled={isSubmitting}>
        {isSubmitting ? <Spinner size={18} label={t('changePassword.submitting')} /> : null}
        {t('changePassword.submit')}
      </Button>
    </form>
  );
}
