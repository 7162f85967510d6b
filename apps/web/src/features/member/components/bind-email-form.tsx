import { useTranslation } from 'react-i18next';
import { EmailField } from '@/components/ui/text-field';
import { VerificationCodeField } from '@/components/ui/verification-code-field';
import { codeRequiredValidator, emailValidator } from '@/lib/field-validation';
import { countdownSeconds } from '@/lib/form-errors';
import { useAccountForm } from '@/lib/use-account-form';
import { showToast } from '@/stores/toast-store';
import { useBindEmail } from '../api/bind-email';
import { sendBindEmailCode } from '../api/send-bind-email-code';
import { showBindError } from '../utils/bind-errors';
import { BindForm } from './bind-form';

interface Fields {
  email: string;
  verificationCode: string;
}

/** Bind an e-mail address with the code sent to it; a bound address cannot be changed. */
export function BindEmailForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const bind = useBindEmail();
  const { register, trigger, getValues, formError, onSubmit, errors, isSubmitting } = useAccountForm<Fields>(
    { defaultValues: { email: '', verificationCode: '' } },
    async (fields) => {
      await bind.mutateAsync({ email: fields.email.trim(), verificationCode: fields.verificationCode.trim() });
      showToast(t('security.email.bound'));
      onDone();
    },
    (error, setError) => showBindError(error, setError, { code: 'verificationCode', contact: 'email', contactCodes: ['EMAIL_INVALID'] }),
  );

  return (
    <BindForm
      lead={t('security.email.lead')}
      submitLabel={t('security.email.submit')}
      formError={formError}
      isSubmitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <EmailField
        label={t('fields.email')}
        placeholder={t('placeholders.email')}
        isRequired
        error={errors.email?.message}
        {...register('email', { validate: emailValidator(t) })}
      />
      <VerificationCodeField
        label={t('security.email.code')}
        isRequired
        error={errors.verificationCode?.message}
        canSend={() => trigger('email')}
        onSend={async () => countdownSeconds(await sendBindEmailCode({ email: getValues('email').trim() }))}
        sendFailedFallback={t('errors.unknown')}
        {...register('verificationCode', { validate: codeRequiredValidator(t) })}
      />
    </BindForm>
  );
}
