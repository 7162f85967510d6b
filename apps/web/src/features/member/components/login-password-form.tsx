import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/ui/form-error';
import styles from '@/components/ui/form-layout.module.css';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { PasswordField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import {
  confirmPasswordValidator,
  FALLBACK_RULES,
  newPasswordValidator,
  passwordRequiredValidator,
  type RuleMap,
  requiredRule,
} from '@/lib/field-validation';
import { showServerFieldErrors } from '@/lib/form-errors';
import { useAccountForm } from '@/lib/use-account-form';
import { showToast } from '@/stores/toast-store';
import { useChangeLoginPassword } from '../api/change-login-password';

interface Fields {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** Change the login password; the member stays signed in with the session the answer carries. */
export function LoginPasswordForm({ rules, onDone }: { rules: RuleMap; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const change = useChangeLoginPassword();
  const passwordRule = requiredRule(rules.password, FALLBACK_RULES.password);
  const { register, getValues, formError, onSubmit, errors, isSubmitting } = useAccountForm<Fields>(
    { defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' } },
    async (fields) => {
      await change.mutateAsync(fields);
      showToast(t('changePassword.done'));
      onDone();
    },
    (error, setError) => {
      if (error instanceof ApiError && error.code === 'OLD_PASSWORD_INVALID') {
        setError('oldPassword', { type: 'server', message: error.message }, { shouldFocus: true });
        return true;
      }
      return showServerFieldErrors(error, setError, ['newPassword', 'confirmNewPassword']);
    },
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.fields}>
        <PasswordField
          label={t('fields.oldPassword')}
          autoComplete="current-password"
          isRequired
          error={errors.oldPassword?.message}
          {...register('oldPassword', { validate: passwordRequiredValidator(t) })}
        />
        <NewPasswordFields
          newPassword={{
            error: errors.newPassword?.message,
            field: register('newPassword', { validate: newPasswordValidator(t, passwordRule, () => getValues('oldPassword')) }),
          }}
          confirm={{
            error: errors.confirmNewPassword?.message,
            field: register('confirmNewPassword', { validate: confirmPasswordValidator(t, () => getValues('newPassword')) }),
          }}
        />
      </div>
      <FormError message={formError} />
      <SubmitButton isBusy={isSubmitting} busyLabel={t('changePassword.submitting')}>
        {t('changePassword.submit')}
      </SubmitButton>
    </form>
  );
}
