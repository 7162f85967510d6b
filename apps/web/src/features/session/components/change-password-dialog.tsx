import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError } from '@/components/ui/form-error';
import styles from '@/components/ui/form-layout.module.css';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { PasswordField, TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import {
  confirmPasswordValidator,
  FALLBACK_RULES,
  newPasswordValidator,
  passwordRequiredValidator,
  requiredRule,
  toRuleMap,
} from '@/lib/field-validation';
import { showServerFieldErrors } from '@/lib/form-errors';
import { useAccountForm } from '@/lib/use-account-form';
import type { ChangePasswordRequest } from '@/stores/modal-store';
import { useSessionStore } from '@/stores/session-store';
import { showToast } from '@/stores/toast-store';
import { changePassword } from '../api/change-password';
import { memberInfoQueryKey } from '../api/get-member-info';
import { useRegistrationRules } from '../api/get-registration-rules';
import { useLogout } from '../api/logout';
import { type FeatureFlags, finishSignIn, storeLoginResult } from '../utils/complete-login';
import { AccountDialog } from './account-dialog';

interface ChangePasswordFields {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

interface ChangePasswordDialogProps {
  isOpen: boolean;
  request: ChangePasswordRequest;
  flags: FeatureFlags | undefined;
  onClose: () => void;
}

/**
 * changePassModal (spec sections 2 and 4): the username read-only, the old password only when
 * none is held from the login, the new password and its confirmation. Success reloads user
 * info, closes and goes to /. Forced by the login (123456, expired), it cannot be dismissed:
 * the member changes the password or signs out.
 */
export function ChangePasswordDialog({ isOpen, request, flags, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout();
  const account = useSessionStore((state) => state.account);
  const { data: ruleList } = useRegistrationRules();
  const passwordRule = requiredRule(toRuleMap(ruleList).password, FALLBACK_RULES.password);
  const heldPassword = request.heldPassword;
  const { register, getValues, formError, onSubmit, errors, isSubmitting } = useAccountForm<ChangePasswordFields>(
    { defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' } },
    async (fields) => {
      const result = await changePassword({
        oldPassword: heldPassword ?? fields.oldPassword,
        newPassword: fields.newPassword,
        confirmNewPassword: fields.confirmNewPassword,
      });
      // Every session ended with the change; the answer is the new one.
      storeLoginResult(result, queryClient);
      if (request.isForced) await finishSignIn({ isFirstLogin: result.firstTimeLogin, isTrial: result.member.isTrial, flags });
      await queryClient.invalidateQueries({ queryKey: memberInfoQueryKey });
      onClose();
      showToast(t('changePassword.done'));
      void navigate(paths.home.getHref());
    },
    (error, setError) => {
      if (error instanceof ApiError && error.code === 'OLD_PASSWORD_INVALID' && heldPassword === null) {
        setError('oldPassword', { type: 'server', message: error.message }, { shouldFocus: true });
        return true;
      }
      return showServerFieldErrors(error, setError, ['newPassword', 'confirmNewPassword', 'oldPassword']);
    },
  );

  return (
    <AccountDialog
      isOpen={isOpen}
      onClose={onClose}
      isClosable={!request.isForced}
      title={t('changePassword.title')}
      subtitle={request.isForced ? t('changePassword.forcedSubtitle') : t('changePassword.subtitle')}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={isSubmitting || undefined}>
        <div className={styles.fields}>
          <TextField label={t('fields.username')} icon="user" value={account ?? ''} readOnly autoComplete="username" />
          {heldPassword === null ? (
            <PasswordField
              label={t('fields.oldPassword')}
              autoComplete="current-password"
              placeholder={t('placeholders.oldPassword')}
              data-autofocus=""
              isRequired
              error={errors.oldPassword?.message}
              {...register('oldPassword', { validate: passwordRequiredValidator(t) })}
            />
          ) : null}
          <NewPasswordFields
            newPassword={{
              error: errors.newPassword?.message,
              field: register('newPassword', { validate: newPasswordValidator(t, passwordRule, () => heldPassword) }),
            }}
            confirm={{
              error: errors.confirmNewPassword?.message,
              field: register('confirmNewPassword', { validate: confirmPasswordValidator(t, () => getValues('newPassword')) }),
            }}
            hasPlaceholders
            isNewAutofocused={heldPassword !== null}
          />
        </div>
        <FormError message={formError} />
        <SubmitButton isBusy={isSubmitting} busyLabel={t('changePassword.submitting')}>
          {t('changePassword.submit')}
        </SubmitButton>
        {request.isForced ? (
          <button
            type="button"
            className={styles.link}
            disabled={logout.isPending}
            onClick={() =>
              logout.mutate(undefined, {
                onSettled: () => {
                  onClose();
                  void navigate(paths.home.getHref());
                },
              })
            }
          >
            {t('changePassword.signOut')}
          </button>
        ) : null}
      </form>
    </AccountDialog>
  );
}
