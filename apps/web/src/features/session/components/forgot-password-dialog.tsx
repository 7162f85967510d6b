import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { CodeButton } from '@/components/ui/code-button';
import { DialCodeSelect } from '@/components/ui/dial-code-select';
import styles from '@/components/ui/form-layout.module.css';
import { Spinner } from '@/components/ui/spinner';
import { type TabItem, Tabs, tabPanelProps } from '@/components/ui/tabs';
import { PasswordField, TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { FORCED_PASSWORD, fieldRuleMessage, toRuleMap } from '@/lib/field-validation';
import { openLoginModal } from '@/stores/modal-store';
import { showToast } from '@/stores/toast-store';
import { useCountryCodes } from '../api/get-country-codes';
import { useRegistrationRules } from '../api/get-registration-rules';
import { login } from '../api/login';
import { requestPasswordEmail } from '../api/request-password-email';
import { resetPasswordByPhone } from '../api/reset-password-by-phone';
import { sendNoLoginCode } from '../api/send-no-login-code';
import { completeLogin, type FeatureFlags } from '../utils/complete-login';
import { errorMessage, retryAfterSeconds, serverFieldErrors } from '../utils/form-errors';
import { FALLBACK_RULES, layoutRule } from '../utils/register-fields';
import { countdownSeconds } from '../utils/sms-code';
import { AccountDialog } from './account-dialog';

type ForgotTab = 'mobile' | 'email';

interface ForgotFields {
  username: string;
  email: string;
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
}

const EMAIL_RULE = {
  acceptedPattern:
    "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}$",
  minLength: 3,
  maxLength: 254,
  patternId: 'EMAIL',
  required: true,
} as const;

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
  const panelPrefix = useId();
  const [tab, setTab] = useState<ForgotTab>(flags?.CHNGPASSVERIF3 ? 'mobile' : 'email');
  const [dialingCode, setDialingCode] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const { data: countries = [] } = useCountryCodes();
  const { data: ruleList } = useRegistrationRules();
  const rules = toRuleMap(ruleList);
  const activeDialingCode = dialingCode || countries[0]?.dialingCode || '';
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ForgotFields>({
    defaultValues: { username: '', email: '', mobileNum: '', verificationCode: '', newPassword: '', confirmNewPassword: '' },
    shouldUnregister: true,
  });

  const tabs: TabItem<ForgotTab>[] = [
    { value: 'mobile', label: t('forgot.tabMobile') },
    { value: 'email', label: t('forgot.tabEmail') },
  ];

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null);
    try {
      if (tab === 'email') {
        const { message } = await requestPasswordEmail({ username: fields.username.trim(), email: fields.email.trim() });
        onClose();
        showToast(message || t('forgot.emailSent'), 'info');
        return;
      }
      const { userName } = await resetPasswordByPhone({
        mobileNum: fields.mobileNum.trim(),
        countryDialingCode: activeDialingCode || undefined,
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
    } catch (error) {
      let isShownUnderField = false;
      for (const field of serverFieldErrors(error)) {
        if (field.field === 'newPassword' || field.field === 'confirmNewPassword' || field.field === 'mobileNum') {
          setError(field.field, { type: 'server', message: field.message });
          isShownUnderField = true;
        }
      }
      if (!isShownUnderField) setFormError(errorMessage(error, t('errors.unknown')));
    }
  });

  const passwordRule = layoutRule(rules.password, FALLBACK_RULES.password, true);
  return (
    <AccountDialog isOpen={isOpen} onClose={onClose} title={t('forgot.title')} subtitle={t('forgot.subtitle')} bannerGroup="forget">
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={isSubmitting || undefined}>
        <Tabs
          items={tabs}
          value={tab}
          onChange={(next) => {
            setTab(next);
            setFormError(null);
            clearErrors();
          }}
          label={t('forgot.tabsLabel')}
          panelIdPrefix={panelPrefix}
        />
        <div className={styles.fields} {...tabPanelProps(panelPrefix, tab)}>
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
                  validate: (value) => fieldRuleMessage(t, layoutRule(rules.username, FALLBACK_RULES.username, true), value.trim()) ?? true,
                })}
              />
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
                      : fieldRuleMessage(t, EMAIL_RULE, value.trim())
                        ? t('validation.emailInvalid')
                        : true,
                })}
              />
              <p className={styles.hint}>{t('forgot.emailHint')}</p>
            </>
          ) : (
            <>
              <TextField
                label={t('fields.mobile')}
                icon="phone"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder={t('placeholders.mobile')}
                isRequired
                leading={<DialCodeSelect options={countries} value={activeDialingCode} onChange={setDialingCode} />}
                error={errors.mobileNum?.message}
                {...register('mobileNum', {
                  validate: (value) =>
                    value.trim() === ''
                      ? t('validation.mobileRequired')
                      : fieldRuleMessage(t, layoutRule(rules.mobileNum, FALLBACK_RULES.mobileNum, true), value.trim())
                        ? t('validation.mobileInvalid')
                        : true,
                })}
              />
              <TextField
                label={t('fields.smsCode')}
                icon="key"
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder={t('placeholders.smsCode')}
                maxLength={255}
                isRequired
                error={errors.verificationCode?.message}
                trailing={
                  <CodeButton
                    canSend={() => trigger('mobileNum')}
                    onSend={async () =>
                      countdownSeconds(
                        await sendNoLoginCode({ mobileNo: getValues('mobileNum').trim(), countryDialingCode: activeDialingCode }),
                      )
                    }
                    retryAfterOf={retryAfterSeconds}
                    messageOf={(error) => errorMessage(error, t('errors.unknown'))}
                  />
                }
                {...register('verificationCode', { validate: (value) => (value.trim() === '' ? t('validation.codeInvalid') : true) })}
              />
              <PasswordField
                label={t('fields.newPassword')}
                autoComplete="new-password"
                placeholder={t('placeholders.newPassword')}
                isRequired
                error={errors.newPassword?.message}
                {...register('newPassword', {
                  validate: (value) =>
                    fieldRuleMessage(t, passwordRule, value) ?? (value === FORCED_PASSWORD ? t('validation.passwordNotAllowed') : true),
                })}
              />
              <PasswordField
                label={t('fields.confirmPassword')}
                autoComplete="new-password"
                placeholder={t('placeholders.confirmPassword')}
                isRequired
                error={errors.confirmNewPassword?.message}
                {...register('confirmNewPassword', {
                  validate: (value) =>
                    value === ''
                      ? t('validation.confirmRequired')
                      : value !== getValues('newPassword')
                        ? t('validation.confirmMismatch')
                        : true,
                })}
              />
            </>
          )}
        </div>
        {formError ? (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        ) : null}
        <Button type="submit" size="large" isBlock disabled={isSubmitting}>
          {isSubmitting ? <Spinner size={18} label={t('forgot.submitting')} /> : null}
          {tab === 'email' ? t('forgot.submitEmail') : t('forgot.submitMobile')}
        </Button>
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
