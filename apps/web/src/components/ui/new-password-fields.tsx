import { useTranslation } from 'react-i18next';
import { type FormFieldBinding, PasswordField } from './text-field';

interface NewPasswordFieldsProps {
  newPassword: FormFieldBinding;
  confirm: FormFieldBinding;
  /** Shows the example texts inside the two inputs. */
  hasPlaceholders?: boolean;
  /** Gives the new password the first focus when its dialog opens. */
  isNewAutofocused?: boolean;
}

/** A new login password and its confirmation, both required. */
export function NewPasswordFields({ newPassword, confirm, hasPlaceholders = false, isNewAutofocused = false }: NewPasswordFieldsProps) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <PasswordField
        label={t('fields.newPassword')}
        autoComplete="new-password"
        placeholder={hasPlaceholders ? t('placeholders.newPassword') : undefined}
        isRequired
        {...(isNewAutofocused ? { 'data-autofocus': '' } : {})}
        error={newPassword.error}
        {...newPassword.field}
      />
      <PasswordField
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        placeholder={hasPlaceholders ? t('placeholders.confirmPassword') : undefined}
        isRequired
        error={confirm.error}
        {...confirm.field}
      />
    </>
  );
}
