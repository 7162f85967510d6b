import type { RegisterBody } from '@kismat/contracts/member';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Checkbox } from '@/components/ui/checkbox';
import { FormError } from '@/components/ui/form-error';
import styles from '@/components/ui/form-layout.module.css';
import type { IconName } from '@/components/ui/icon';
import { MessageDialog } from '@/components/ui/message-dialog';
import { MobileNumberField } from '@/components/ui/mobile-number-field';
import { SubmitButton } from '@/components/ui/submit-button';
import type { TabItem } from '@/components/ui/tabs';
import { PasswordField, TextField, UsernameField } from '@/components/ui/text-field';
import { VerificationCodeField } from '@/components/ui/verification-code-field';
import { paths } from '@/config/paths';
import { isOldEnough } from '@/lib/age';
import { ApiError } from '@/lib/api-client';
import { confirmPasswordValidator, FALLBACK_RULES, fieldRuleMessage, type RuleMap } from '@/lib/field-validation';
import { countdownSeconds, errorMessage, isVerificationCodeError, showServerFieldErrors } from '@/lib/form-errors';
import { forgetInvitationCode } from '@/lib/invitation-code';
import { useDialingCode } from '@/lib/use-dialing-code';
import { checkAffiliateCode } from '../api/check-affiliate-code';
import { useCountryCodes } from '../api/get-country-codes';
import { getLoginInfo } from '../api/get-login-info';
import { memberInfoQueryKey } from '../api/get-member-info';
import { registerMember } from '../api/register-member';
import { sendRegisterCode } from '../api/send-register-code';
import { type FeatureFlags, finishSignIn, storeLoginResult } from '../utils/complete-login';
import {
  layoutRule,
  OPTIONAL_REGISTER_FIELDS,
  type OptionalRegisterField,
  type RegisterType,
  registerLayout,
} from '../utils/register-fields';
import { AccountFormTabs } from './account-form-tabs';
import { SiteCaptchaField } from './site-captcha-field';

export interface RegisterFields {
  username: string;
  password: string;
  confirmPassword: string;
  mobileNum: string;
  verificationCode: string;
  captcha: string;
  payeeName: string;
  email: string;
  birthday: string;
  paymentPassword: string;
  qqNum: string;
  line: string;
  whatsapp: string;
  facebook: string;
  wechat: string;
  idNumber: string;
  recommenderId: string;
  affiliateCode: string;
  terms: boolean;
}

const OPTIONAL_FIELD_UI: Record<
  OptionalRegisterField,
  { icon: IconName; type?: string; autoComplete?: string; inputMode?: 'numeric' | 'email' }
> = {
  payeeName: { icon: 'user', autoComplete: 'name' },
  email: { icon: 'mail', type: 'email', autoComplete: 'email', inputMode: 'email' },
  birthday: { icon: 'calendar', autoComplete: 'bday' },
  paymentPassword: { icon: 'lock', type: 'password', autoComplete: 'off', inputMode: 'numeric' },
  qqNum: { icon: 'chat', inputMode: 'numeric' },
  line: { icon: 'chat' },
  whatsapp: { icon: 'whatsapp', inputMode: 'numeric' },
  facebook: { icon: 'facebook' },
  wechat: { icon: 'chat' },
  idNumber: { icon: 'shield', inputMode: 'numeric' },
  recommenderId: { icon: 'userPlus' },
  affiliateCode: { icon: 'gift' },
};

/** The fields a server field error may name (every text input the form can show). */
const TEXT_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'mobileNum',
  'verificationCode',
  'captcha',
  ...OPTIONAL_REGISTER_FIELDS,
] as const satisfies readonly FieldPath<RegisterFields>[];

interface RegisterFormProps {
  flags: FeatureFlags | undefined;
  rules: RuleMap;
  /** The invitation link's code (its query, or kept since the visitor came by it: lib/invitation-code.ts). */
  referralCode: string | null;
  onRegistered: () => void;
  footer?: ReactNode;
}

/**
 * registerModal's form (spec sections 2, 4 and 5): username and mobile tabs, fields shown and
 * required by the merchant's rules, the SMS code, captcha, affiliate code and terms. The order
 * of spec section 4 is kept: terms, validation, the affiliate check, then the register call.
 */
export function RegisterForm({ flags, rules, referralCode, onRegistered, footer }: RegisterFormProps) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const [type, setType] = useState<RegisterType>(flags?.MOBILENUMREG3 ? 'registerMobile' : 'register');
  const [captchaId, setCaptchaId] = useState<string | undefined>();
  const [captchaRefresh, setCaptchaRefresh] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const [isAffiliateErrorOpen, setIsAffiliateErrorOpen] = useState(false);
  // A link code the server refused (a disabled link) is dropped: the visitor may type another
  // or register without one, instead of being held by a read-only field.
  const [isReferralRefused, setIsReferralRefused] = useState(false);
  const linkCode = isReferralRefused ? null : referralCode;
  const { data: countries = [] } = useCountryCodes();
  const [dialingCode, setDialingCode] = useDialingCode(countries);
  const layout = registerLayout(type, rules, flags);
  const isAffiliateFieldShown = layout.optionalFields.includes('affiliateCode');

  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setValue,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFields>({
    defaultValues: {
      username: '',
      password: '',
      confirmPassword: '',
      mobileNum: '',
      verificationCode: '',
      captcha: '',
      payeeName: '',
      email: '',
      birthday: '',
      paymentPassword: '',
      qqNum: '',
      line: '',
      whatsapp: '',
      facebook: '',
      wechat: '',
      idNumber: '',
      recommenderId: '',
      affiliateCode: referralCode ?? '',
      terms: false,
    },
    shouldUnregister: true,
  });

  const tabs: TabItem<RegisterType>[] = [
    { value: 'register', label: t('register.tabUsername') },
    { value: 'registerMobile', label: t('register.tabMobile') },
  ];

  const ruleValidator = (field: keyof typeof FALLBACK_RULES | OptionalRegisterField, isRequired: boolean) => (value: string) => {
    const rule = rules[field];
    const fallback = field in FALLBACK_RULES ? FALLBACK_RULES[field as keyof typeof FALLBACK_RULES] : undefined;
    const input = rule ?? fallback;
    if (!input) return true;
    return fieldRuleMessage(t, layoutRule(input, input, isRequired), value.trim()) ?? true;
  };

  const refreshCaptcha = () => {
    if (!layout.showCaptcha) return;
    setValue('captcha', '');
    setCaptchaRefresh((count) => count + 1);
  };

  const onSubmit = async (fields: RegisterFields) => {
    setFormError(null);
    const affiliateCode = (isAffiliateFieldShown ? fields.affiliateCode : (linkCode ?? '')).trim();
    const refuseAffiliateCode = () => {
      setIsAffiliateErrorOpen(true);
      if (!linkCode || affiliateCode !== linkCode) return;
      forgetInvitationCode();
      setIsReferralRefused(true);
      if (isAffiliateFieldShown) setValue('affiliateCode', '');
    };
    try {
      // Spec section 4, step 3: the invitation code is checked before anything is created.
      if (affiliateCode) {
        try {
          await checkAffiliateCode(affiliateCode);
        } catch (error) {
          if (error instanceof ApiError && error.isNetworkError) throw error;
          refuseAffiliateCode();
          return;
        }
      }
      const isMobile = type === 'registerMobile';
      const text = (value: string | undefined) => {
        const trimmed = value?.trim();
        return trimmed ? trimmed : undefined;
      };
      const body: RegisterBody = {
        username: isMobile ? text(fields.mobileNum) : text(fields.username),
        password: layout.showPassword ? fields.password : undefined,
        confirmPassword: layout.showConfirmPassword ? fields.confirmPassword : undefined,
        mobileNum: layout.showMobile ? text(fields.mobileNum) : undefined,
        countryDialingCode: layout.showMobile ? dialingCode || undefined : undefined,
        verificationCode: layout.showCode ? text(fields.verificationCode) : undefined,
        affiliateCode: affiliateCode || undefined,
        referralCode: linkCode ?? undefined,
        captcha: layout.showCaptcha ? text(fields.captcha) : undefined,
        captchaId: layout.showCaptcha ? captchaId : undefined,
        domain: window.location.hostname,
        registerUrl: window.location.href,
        registerMethod: 'WEB',
        acceptTerms: fields.terms,
        login: true,
      };
      for (const field of layout.optionalFields) {
        if (field === 'affiliateCode') continue;
        body[field] = field === 'paymentPassword' ? fields[field] || undefined : text(fields[field]);
      }
      const answer = await registerMember({ type, body });
      if (answer.login) {
        storeLoginResult(answer.login, queryClient);
        // Spec section 4, step 5: login info is fetched, then the popup closes and the user goes home.
        const info = await getLoginInfo().catch(() => null);
        if (info) queryClient.setQueryData(memberInfoQueryKey, info.member);
        await finishSignIn({
          isFirstLogin: info?.firstTimeLogin ?? answer.login.firstTimeLogin,
          isTrial: false,
          flags,
        });
      }
      onRegistered();
    } catch (error) {
      refreshCaptcha();
      if (error instanceof ApiError) {
        if (error.code === 'INVALID_AFFILIATE_CODE') {
          refuseAffiliateCode();
          return;
        }
        if (error.code === 'TERMS_REQUIRED') {
          setError('terms', { type: 'server', message: t('validation.termsRequired') });
          return;
        }
        if (error.code === 'CAPTCHA_INVALID' || error.code === 'CAPTCHA_REQUIRED') {
          setError('captcha', { type: 'server', message: error.message }, { shouldFocus: true });
          return;
        }
        if (isVerificationCodeError(error)) {
          setError('verificationCode', { type: 'server', message: error.message }, { shouldFocus: true });
          return;
        }
      }
      if (!showServerFieldErrors(error, setError, TEXT_FIELDS, { shouldFocusFirst: true }))
        setFormError(errorMessage(error, t('errors.unknown')));
    }
  };

  // Spec section 4, step 1: the terms come first; only then do the other fields validate.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!getValues('terms')) {
      setError('terms', { type: 'required', message: t('validation.termsRequired') });
      return;
    }
    clearErrors('terms');
    void handleSubmit(onSubmit)(event);
  };

  const optionalLabel = (field: OptionalRegisterField) => t(`fields.${field}`);

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={isSubmitting || undefined}>
      <AccountFormTabs
        items={tabs}
        value={type}
        onChange={(next) => {
          setType(next);
          setFormError(null);
          clearErrors();
        }}
        label={t('register.tabsLabel')}
      >
        {layout.showUsername ? (
          <UsernameField
            label={t('fields.username')}
            placeholder={t('placeholders.newUsername')}
            isRequired
            error={errors.username?.message}
            {...register('username', { validate: ruleValidator('username', true) })}
          />
        ) : null}
        {layout.showMobile ? (
          <MobileNumberField
            label={t('fields.mobile')}
            placeholder={t('placeholders.mobile')}
            isRequired={layout.isMobileRequired}
            countries={countries}
            dialingCode={dialingCode}
            onDialingCodeChange={setDialingCode}
            error={errors.mobileNum?.message}
            {...register('mobileNum', { validate: ruleValidator('mobileNum', layout.isMobileRequired) })}
          />
        ) : null}
        {layout.showCode ? (
          <VerificationCodeField
            label={t('fields.smsCode')}
            placeholder={t('placeholders.smsCode')}
            isRequired={layout.isCodeRequired}
            error={errors.verificationCode?.message}
            canSend={async () => {
              if (getValues('mobileNum').trim() === '') {
                setError('mobileNum', { type: 'required', message: t('validation.mobileRequired') }, { shouldFocus: true });
                return false;
              }
              return trigger('mobileNum');
            }}
            onSend={async () =>
              countdownSeconds(
                await sendRegisterCode({
                  mobileNo: getValues('mobileNum').trim(),
                  countryDialingCode: dialingCode,
                  ...(layout.showUsername && getValues('username') ? { username: getValues('username').trim() } : {}),
                }),
              )
            }
            sendFailedFallback={t('errors.unknown')}
            {...register('verificationCode', {
              validate: (value) => {
                const trimmed = value.trim();
                const isNeeded = layout.isCodeRequired && getValues('mobileNum').trim() !== '';
                if (trimmed === '') return isNeeded ? t('validation.codeInvalid') : true;
                return fieldRuleMessage(t, layoutRule(rules.verificationCode, FALLBACK_RULES.verificationCode, false), trimmed)
                  ? t('validation.codeInvalid')
                  : true;
              },
            })}
          />
        ) : null}
        {layout.showPassword ? (
          <div className={layout.showConfirmPassword ? styles.pair : undefined}>
            <PasswordField
              label={t('fields.password')}
              autoComplete="new-password"
              placeholder={layout.showConfirmPassword ? undefined : t('placeholders.newPassword')}
              isRequired
              error={errors.password?.message}
              {...register('password', {
                validate: (value) => fieldRuleMessage(t, layoutRule(rules.password, FALLBACK_RULES.password, true), value) ?? true,
              })}
            />
            {layout.showConfirmPassword ? (
              <PasswordField
                label={t('fields.confirmPassword')}
                autoComplete="new-password"
                isRequired
                error={errors.confirmPassword?.message}
                {...register('confirmPassword', { validate: confirmPasswordValidator(t, () => getValues('password')) })}
              />
            ) : null}
          </div>
        ) : null}
        {layout.optionalFields.map((field) => {
          const ui = OPTIONAL_FIELD_UI[field];
          const rule = rules[field];
          const isRequired = rule?.required === true;
          const common = {
            label: optionalLabel(field),
            isRequired,
            error: errors[field]?.message,
            placeholder: field === 'birthday' ? (rule?.patternId === 'DATE_MDY' ? 'MM-dd-yyyy' : 'yyyy-MM-dd') : t(`placeholders.${field}`),
            ...register(field, {
              validate: (value: string) => {
                const message = ruleValidator(field, isRequired)(value);
                if (message !== true) return message;
                if (field === 'birthday' && value.trim() !== '' && !isOldEnough(value.trim())) return t('validation.birthdayUnder21');
                return true;
              },
            }),
          };
          if (field === 'paymentPassword') return <PasswordField key={field} autoComplete="off" inputMode="numeric" {...common} />;
          return (
            <TextField
              key={field}
              icon={ui.icon}
              type={ui.type ?? 'text'}
              autoComplete={ui.autoComplete ?? 'off'}
              inputMode={ui.inputMode}
              readOnly={field === 'affiliateCode' && Boolean(linkCode)}
              {...common}
            />
          );
        })}
        {layout.showCaptcha ? (
          <SiteCaptchaField
            onCaptchaId={setCaptchaId}
            refreshKey={captchaRefresh}
            error={errors.captcha?.message}
            {...register('captcha', {
              validate: (value) =>
                value.trim() === ''
                  ? t('validation.captchaRequired')
                  : (fieldRuleMessage(t, layoutRule(rules.captcha, FALLBACK_RULES.captcha, true), value.trim()) ?? true),
            })}
          />
        ) : null}
      </AccountFormTabs>
      <Checkbox error={errors.terms?.message} {...register('terms', { onChange: () => clearErrors('terms') })}>
        <Trans
          t={t}
          i18nKey="register.terms"
          components={{ termsLink: <Link to={paths.help.getHref('term')} target="_blank" rel="noopener" /> }}
        />
      </Checkbox>
      <FormError message={formError} />
      <SubmitButton isBusy={isSubmitting} busyLabel={t('register.submitting')}>
        {t('register.submit')}
      </SubmitButton>
      {footer}
      <MessageDialog
        isOpen={isAffiliateErrorOpen}
        title={t('register.affiliateErrorTitle')}
        tone="danger"
        confirmLabel={t('register.affiliateErrorConfirm')}
        onConfirm={() => setIsAffiliateErrorOpen(false)}
      >
        {t('register.affiliateErrorText')}
      </MessageDialog>
    </form>
  );
}
