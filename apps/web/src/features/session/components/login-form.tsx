import type { LoginChallenge, LoginResult } from '@kismat/contracts/session';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Checkbox } from '@/components/ui/checkbox';
import { FormError } from '@/components/ui/form-error';
import styles from '@/components/ui/form-layout.module.css';
import { MobileCodeFields } from '@/components/ui/mobile-code-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import type { TabItem } from '@/components/ui/tabs';
import { PasswordField, UsernameField } from '@/components/ui/text-field';
import { VERIFICATION_CODE_MAX_LENGTH } from '@/components/ui/verification-code-field';
import { ApiError } from '@/lib/api-client';
import { FALLBACK_RULES, mobileValidator, passwordRequiredValidator, requiredRule, toRuleMap } from '@/lib/field-validation';
import { errorMessage, retryAfterSeconds } from '@/lib/form-errors';
import { useDialingCode } from '@/lib/use-dialing-code';
import type { LoginMode } from '@/stores/modal-store';
import { getLocalItem, LOCAL_KEYS, removeLocalItem, setLocalItem } from '@/stores/storage';
import { useCountryCodes } from '../api/get-country-codes';
import { useRegistrationRules } from '../api/get-registration-rules';
import { login } from '../api/login';
import { sendLoginCode } from '../api/send-login-code';
import { completeLogin, type FeatureFlags, type LoginOutcome } from '../utils/complete-login';
import { needsCaptcha } from '../utils/form-errors';
import { AccountFormTabs } from './account-form-tabs';
import { SecondFactorStep } from './second-factor-step';
import { SiteCaptchaField } from './site-captcha-field';

export type LoginTab = 'username' | 'sms';

interface LoginFields {
  username: string;
  password: string;
  mobile: string;
  code: string;
  captcha: string;
  remember: boolean;
}

interface LoginFormProps {
  mode: LoginMode;
  flags: FeatureFlags | undefined;
  /** Called once the member is signed in or the change-password popup took over. */
  onDone: (outcome: LoginOutcome, result: LoginResult) => void;
  /** The forgot-password link beside remember-password. */
  onForgotPassword?: () => void;
  /** Links under the form (register, free play). */
  footer?: ReactNode;
}

/**
 * The login form of the login popup and the /agent page: username and SMS tabs (SMS only
 * with MOBILEVERCODELOGIN3), remember-password (member mode), a captcha once the server asks
 * for one, and the second factor of a login from a new IP.
 */
export function LoginForm({ mode, flags, onDone, onForgotPassword, footer }: LoginFormProps) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const rememberedUsername = getLocalItem(LOCAL_KEYS.rememberedUsername);
  const isSmsEnabled = flags?.MOBILEVERCODELOGIN3 === true;
  const isAgentMode = mode === 'agent';
  const [tab, setTab] = useState<LoginTab>('username');
  const [isCaptchaShown, setIsCaptchaShown] = useState(false);
  const [captchaRefresh, setCaptchaRefresh] = useState(0);
  const [captchaId, setCaptchaId] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ value: LoginChallenge; password: string | null } | null>(null);
  const { data: countries = [] } = useCountryCodes();
  const [dialingCode, setDialingCode] = useDialingCode(countries);
  const { data: rules } = useRegistrationRules();
  const mobileRule = requiredRule(toRuleMap(rules).mobileNum, FALLBACK_RULES.mobileNum);

  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LoginFields>({
    defaultValues: {
      username: rememberedUsername ?? '',
      password: '',
      mobile: '',
      code: '',
      captcha: '',
      remember: !isAgentMode && rememberedUsername !== null,
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldUnregister: true,
  });

  const tabs: TabItem<LoginTab>[] = [
    { value: 'username', label: t('login.tabUsername') },
    ...(isSmsEnabled && !isAgentMode ? [{ value: 'sms' as const, label: t('login.tabSms') }] : []),
  ];

  const finish = async (result: LoginResult, heldPassword: string | null) => {
    const outcome = await completeLogin(result, { queryClient, flags, heldPassword });
    onDone(outcome, result);
  };

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null);
    const isSms = tab === 'sms';
    try {
      const result = await login({
        type: isSms ? 'sms' : 'username',
        username: isSms ? fields.mobile.trim() : fields.username.trim(),
        password: isSms ? fields.code.trim() : fields.password,
        ...(isSms && dialingCode ? { countryDialingCode: dialingCode } : {}),
        remember: !isAgentMode && fields.remember,
        ...(isAgentMode ? { agentLogin: true } : {}),
        ...(isCaptchaShown ? { captcha: fields.captcha.trim(), captchaId } : {}),
      });
      if (!isAgentMode && !isSms) {
        if (fields.remember) setLocalItem(LOCAL_KEYS.rememberedUsername, fields.username.trim());
        else removeLocalItem(LOCAL_KEYS.rememberedUsername);
      }
      await finish(result, isSms ? null : fields.password);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'LOGIN_VERIFICATION_REQUIRED') {
        setChallenge({ value: error.value as LoginChallenge, password: isSms ? null : fields.password });
        return;
      }
      // Each attempt uses the captcha up: a wrong answer or a failed login needs a new image.
      if (needsCaptcha(error) || isCaptchaShown) {
        setIsCaptchaShown(true);
        setCaptchaRefresh((count) => count + 1);
        setValue('captcha', '');
      }
      const wait = retryAfterSeconds(error);
      setFormError(
        wait && error instanceof ApiError && error.code === 'RATE_LIMITED'
          ? t('login.tooManyAttempts', { seconds: wait })
          : errorMessage(error, t('errors.unknown')),
      );
    }
  });

  if (challenge) {
    return (
      <SecondFactorStep
        challenge={challenge.value}
        onCancel={() => setChallenge(null)}
        onVerified={(result) => finish(result, challenge.password)}
      />
    );
  }

  const isSms = tab === 'sms';
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={isSubmitting || undefined}>
      <AccountFormTabs
        items={tabs}
        value={tab}
        onChange={(next) => {
          setTab(next);
          setFormError(null);
        }}
        label={t('login.tabsLabel')}
      >
        {isSms ? (
          <MobileCodeFields
            key="sms"
            countries={countries}
            dialingCode={dialingCode}
            onDialingCodeChange={setDialingCode}
            mobile={{ error: errors.mobile?.message, field: register('mobile', { validate: mobileValidator(t, mobileRule) }) }}
            code={{
              error: errors.code?.message,
              field: register('code', {
                validate: (value) =>
                  value.trim() === '' || value.length > VERIFICATION_CODE_MAX_LENGTH ? t('validation.codeInvalid') : true,
              }),
            }}
            canSend={() => trigger('mobile')}
            send={() => sendLoginCode({ mobileNo: getValues('mobile').trim(), countryDialingCode: dialingCode })}
            hasPlaceholders
          />
        ) : (
          <>
            <UsernameField
              key="username"
              label={t('fields.username')}
              placeholder={t('placeholders.username')}
              isRequired
              error={errors.username?.message}
              {...register('username', { validate: (value) => (value.trim() === '' ? t('validation.usernameRequired') : true) })}
            />
            <PasswordField
              key="password"
              label={t('fields.password')}
              autoComplete="current-password"
              placeholder={t('placeholders.password')}
              isRequired
              error={errors.password?.message}
              {...register('password', { validate: passwordRequiredValidator(t) })}
            />
          </>
        )}
        {isCaptchaShown ? (
          <SiteCaptchaField
            onCaptchaId={setCaptchaId}
            refreshKey={captchaRefresh}
            error={errors.captcha?.message}
            {...register('captcha', { validate: (value) => (value.trim() === '' ? t('validation.captchaRequired') : true) })}
          />
        ) : null}
      </AccountFormTabs>
      {!isAgentMode || onForgotPassword ? (
        <div className={blocks.apart}>
          {!isAgentMode ? <Checkbox {...register('remember')}>{t('login.remember')}</Checkbox> : <span />}
          {onForgotPassword ? (
            <button type="button" className={styles.link} onClick={onForgotPassword}>
              {t('login.forgot')}
            </button>
          ) : null}
        </div>
      ) : null}
      <FormError message={formError} />
      <SubmitButton isBusy={isSubmitting} busyLabel={t('login.submitting')}>
        {isAgentMode ? t('login.submitAgent') : t('login.submit')}
      </SubmitButton>
      {footer}
    </form>
  );
}
