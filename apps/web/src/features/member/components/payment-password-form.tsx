import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/ui/form-error';
import styles from '@/components/ui/form-layout.module.css';
import { SubmitButton } from '@/components/ui/submit-button';
import { PasswordField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { confirmPasswordValidator, fieldRuleMessage, passwordRequiredValidator, type RuleMap, requiredRule } from '@/lib/field-validation';
import { serverFieldErrors } from '@/lib/form-errors';
import { useAccountForm } from '@/lib/use-account-form';
import { showToast } from '@/stores/toast-store';
import { useSetPaymentPassword } from '../api/set-payment-password';
import { PAYMENT_PASSWORD_FALLBACK_RULE } from '../utils/rules';

interface Fields {
  current: string;
  newPaymentPassword: string;
  confirmPaymentPassword: string;
}

/**
 * Set the payment password (confirmed with the login password) or change it (with the old
 * payment password). Withdrawals and bank bindings ask for it.
 */
export function PaymentPasswordForm({
  rules,
  hasPaymentPassword,
  onDone,
}: {
  rules: RuleMap;
  hasPaymentPassword: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('accounts');
  const save = useSetPaymentPassword();
  const rule = requiredRule(rules.paymentPassword, PAYMENT_PASSWORD_FALLBACK_RULE);
  const { register, getValues, formError, onSubmit, errors, isSubmitting } = useAccountForm<Fields>(
    { defaultValues: { current: '', newPaymentPassword: '', confirmPaymentPassword: '' } },
    async (fields) => {
      await save.mutateAsync({
        ...(hasPaymentPassword ? { oldPaymentPassword: fields.current } : { loginPassword: fields.current }),
        newPaymentPassword: fields.newPaymentPassword,
        confirmPaymentPassword: fields.confirmPaymentPassword,
      });
      showToast(hasPaymentPassword ? t('security.paymentPassword.changed') : t('security.paymentPassword.set'));
      onDone();
    },
    (error, setError) => {
      if (error instanceof ApiError && (error.code === 'PAYMENT_PASSWORD_INVALID' || error.code === 'OLD_PASSWORD_INVALID')) {
        setError('current', { type: 'server', message: error.message }, { shouldFocus: true });
        return true;
      }
      const fieldErrors = serverFieldErrors(error);
      for (const field of fieldErrors) {
        if (field.field === 'confirmPaymentPassword') setError('confirmPaymentPassword', { type: 'server', message: field.message });
        else setError('newPaymentPassword', { type: 'server', message: field.message });
      }
      return fieldErrors.length > 0;
    },
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.lead}>{t('security.paymentPassword.lead')}</p>
      <div className={styles.fields}>
        <PasswordField
          label={hasPaymentPassword ? t('security.paymentPassword.old') : t('fields.password')}
          autoComplete={hasPaymentPassword ? 'off' : 'current-password'}
          inputMode={hasPaymentPassword ? 'numeric' : undefined}
          hint={hasPaymentPassword ? undefined : t('security.paymentPassword.loginHint')}
          isRequired
          error={errors.current?.message}
          {...register('current', { validate: passwordRequiredValidator(t) })}
        />
        <PasswordField
          label={t('security.paymentPassword.new')}
          autoComplete="off"
          inputMode="numeric"
          isRequired
          error={errors.newPaymentPassword?.message}
          {...register('newPaymentPassword', { validate: (value) => fieldRuleMessage(t, rule, value) ?? true })}
        />
        <PasswordField
          label={t('security.paymentPassword.confirm')}
          autoComplete="off"
          inputMode="numeric"
          isRequired
          error={errors.confirmPaymentPassword?.message}
          {...register('confirmPaymentPassword', { validate: confirmPasswordValidator(t, () => getValues('newPaymentPassword')) })}
        />
      </div>
      <FormError message={formError} />
      <SubmitButton isBusy={isSubmitting} busyLabel={t('security.saving')}>
        {hasPaymentPassword ? t('security.paymentPassword.submitChange') : t('security.paymentPassword.submitSet')}
      </SubmitButton>
    </form>
  );
}
