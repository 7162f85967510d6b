import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError } from '@/components/ui/form-error';
import styles from '@/components/ui/form-layout.module.css';
import { MobileCodeFields } from '@/components/ui/mobile-code-fields';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import type { TabItem } from '@/components/ui/tabs';
import { EmailField, TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import {
  codeRequiredValidator,
  confirmPasswordValidator,
  emailValidator,
  FALLBACK_RULES,
  fieldRuleMessage,
  mobileValidator,
  newPasswordValidator,
  requiredRule,
  toRuleMap,
} from '@/lib/field-validation';
import { showServerFieldErrors } from '@/lib/form-errors';
import { useAccountForm } from '@/lib/use-account-form';
import { useDialingCode } from '@/lib/use-dialing-code';
import { openLoginModal } from '@/stores/modal-store';
import { showToast } from '@/stores/toast-store';
import { useCountryCodes } from '../api/get-country-codes';
import { useRegistrationRules } from '../api/get-registration-rules';
import { login } from '../api/login';
import { requestPasswordEmail } from '../api/request-password-email';
import { resetPasswordByPhone } from '../api/reset-password-by-phone';
import { sendNoLoginCode } from '../api/send-no-login-code';
import { completeLogin, type FeatureFlags } from '../utils/complete-login';
import { AccountDialog } from './account-dialog';
import { AccountFormTabs } from './account-form-tabs';

type ForgotTab = 'mobile' | 'email';

interface ForgotFields {
  username: string;
  email: string;
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
}

interface ForgotPasswordDialogProps {
  isOpen: boolean;
  flags: FeatureFlags | undefined;
  onClose: () => void;
}

/**
 * forgetPassModal (spec sections 2 and 4): by e-mail (a confirmation, then the popup closes) or
 * by mobile (SMS code and a new password; success signs the member in and goes home). Mobile
 * is the default when CHNGPASSVERIF3 is on.
 */
export function ForgotPasswordDialog({ isOpen, flags, onClose }: ForgotPasswordDialogProps) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [tab, setTab] = useState<ForgotTab>(flags?.CHNGPASSVERIF3 ? 'mobile' : 'email');
  const { data: countries = [] } = useCountryCodes();
  const { data: ruleList } = useRegistrationRules();
  const rules = toRuleMap(ruleList);
  const [dialingCode, setDialingCode] = useDialingCode(countries);
  const { register, trigger, getValues, clearErrors, formError, setFormError, onSubmit, errors, isSubmitting } =
    useAccountForm<ForgotFields>(
      {
        defaultValues: { username: '', email: '', mobileNum: '', verificationCode: '', newPassword: '', confirmNewPassword: '' },
        shouldUnregister: true,
      },
      async (fields) => {
        if (tab === 'email') {
          const { message } = await requestPasswordEmail({ username: fields.username.trim(), email: fields.email.trim() });
          onClose();
          showToast(message || t('forgot.emailSent'), 'info');
          return;
        }
        const { userName } = await resetPasswordByPhone({
          mobileNum: fields.mobileNum.trim(),
          countryDialingCode: dialingCode || undefined,
          verificationCode: fields.verificationCode.trim(),
          newPassword: fields.newPassword,
          confirmNewPassword: fields.confirmNewPassword,
        });
        // Spec section 4: by phone, success logs in with the new password and goes to /.
        try {
          const result = await login({ type: 'username', username: userName, password: fields.newPassword });
          const outcome = await completeLogin(result, { queryClient, flags, heldPassword: fields.newPassword });
          if (outcome === 'signedIn') onClose();
          showToast(t('forgot.phoneDone'));
          void navigate(paths.home.getHref());
        } catch {
          // The password is set; only the automatic login failed (a second factor, say): log in by hand.
          showToast(t('forgot.phoneDoneLogin'), 'info');
          openLoginModal();
        }
      },
      (error, setError) => showServerFieldErrors(error, setError, ['newPassword', 'confirmNewPassword', 'mobileNum']),
    );

  const tabs: TabItem<ForgotTab>[] = [
    { value: 'mobile', label: t('forgot.tabMobile') },
    { value: 'email', label: t('forgot.tabEmail') },
  ];

  const passwordRule = requiredRule(rules.password, FALLBACK_RULES.password);
  return (
    <AccountDialog isOpen={isOpen} onClose={onClose} title={t('forgot.title')} subtitle={t('forgot.subtitle')} bannerGroup="forget">
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={isSubmitting || undefined}>
        <AccountFormTabs
          items={tabs}
          value={tab}
          onChange={(next) => {
            setTab(next);
            setFormError(null);
            clearErrors();
          }}
          label={t('forgot.tabsLabel')}
        >
          {tab === 'email' ? (
            <>
              <TextField
                label={t('fields.username')}
                icon="user"
                autoComplete="username"
                autoCapitalize="none"
                placeholder={t('placeholders.username')}
                isRequired
                error={errors.username?.message}
                {...register('username', {
                  validate: (value) => fieldRuleMessage(t, requiredRule(rules.username, FALLBACK_RULES.username), value.trim()) ?? true,
                })}
              />
              <EmailField
                label={t('fields.email')}
                placeholder={t('placeholders.email')}
                isRequired
                error={errors.email?.message}
                {...register('email', { validate: emailValidator(t) })}
              />
              <p className={styles.hint}>{t('forgot.emailHint')}</p>
            </>
          ) : (
            <>
              <MobileCodeFields
                countries={countries}
                dialingCode={dialingCode}
                onDialingCodeChange={setDialingCode}
                mobile={{
                  error: errors.mobileNum?.message,
                  field: register('mobileNum', { validate: mobileValidator(t, requiredRule(rules.mobileNum, FALLBACK_RULES.mobileNum)) }),
                }}
                code={{
                  error: errors.verificationCode?.message,
                  field: register('verificationCode', { validate: codeRequiredValidator(t) }),
                }}
                canSend={() => trigger('mobileNum')}
                send={() => sendNoLoginCode({ mobileNo: getValues('mobileNum').trim(), countryDialingCode: dialingCode })}
                hasPlaceholders
              />
              <NewPasswordFields
                newPassword={{
                  error: errors.newPassword?.message,
                  field: register('newPassword', { validate: newPasswordValidator(t, passwordRule) }),
                }}
                confirm={{
                  error: errors.confirmNewPassword?.message,
                  field: register('confirmNewPassword', { validate: confirmPasswordValidator(t, () => getValues('newPassword')) }),
                }}
                hasPlaceholders
              />
            </>
          )}
        </AccountFormTabs>
        <FormError message={formError} />
        <SubmitButton isBusy={isSubmitting} busyLabel={t('forgot.submitting')}>
          {tab === 'email' ? t('forgot.submitEmail') : t('forgot.submitMobile')}
        </SubmitButton>
        <p className={styles.switch}>
          {t('forgot.remembered')}
          <button type="button" className={styles.link} onClick={() => openLoginModal()}>
            {t('register.toLogin')}
          </button>
        </p>
      </form>
    </AccountDialog>
  );
}
