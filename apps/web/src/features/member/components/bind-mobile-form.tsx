import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CodeButton } from '@/components/ui/code-button';
import { DialCodeSelect } from '@/components/ui/dial-code-select';
import styles from '@/components/ui/form-layout.module.css';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { fieldRuleMessage, type RuleMap } from '@/lib/field-validation';
import { showToast } from '@/stores/toast-store';
import { useBindMobile } from '../api/bind-mobile';
import { useCountryCodes } from '../api/get-country-codes';
import { sendBindSmsCode } from '../api/send-bind-sms-code';
import { countdownSeconds, errorMessage, retryAfterSeconds } from '../utils/form-errors';
import { MOBILE_FALLBACK_RULE, requiredRuleOf } from '../utils/rules';

interface Fields {
  mobileNo: string;
  verificationCode: string;
}

/** Bind a mobile number with an SMS code; a bound number cannot be changed (spec section 4). */
export function BindMobileForm({ rules, onDone }: { rules: RuleMap; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const bind = useBindMobile();
  const { data: countries = [] } = useCountryCodes();
  const [dialingCode, setDialingCode] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const activeDialingCode = dialingCode || countries[0]?.dialingCode || '';
  const mobileRule = requiredRuleOf(rules.mobileNum, MOBILE_FALLBACK_RULE);
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Fields>({ defaultValues: { mobileNo: '', verificationCode: '' } });

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null);
    try {
      await bind.mutateAsync({
        mobileNo: fields.mobileNo.trim(),
        countryDialingCode: activeDialingCode || undefined,
        verificationCode: fields.verificationCode.trim(),
      });
      showToast(t('security.mobile.bound'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'VERIFICATION_CODE_INVALID' || error.code === 'VERIFICATION_CODE_EXPIRED')) {
        setError('verificationCode', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      if (error instanceof ApiError && (error.code === 'MOBILE_TAKEN' || error.code === 'MOBILE_INVALID')) {
        setError('mobileNo', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      setFormError(errorMessage(error, t('errors.unknown')));
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.lead}>{t('security.mobile.lead')}</p>
      <div className={styles.fields}>
        <TextField
          label={t('fields.mobile')}
          icon="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          isRequired
          leading={<DialCodeSelect options={countries} value={activeDialingCode} onChange={setDialingCode} />}
          error={errors.mobileNo?.message}
          {...register('mobileNo', {
            validate: (value) =>
              value.trim() === ''
                ? t('validation.mobileRequired')
                : fieldRuleMessage(t, mobileRule, value.trim())
                  ? t('validation.mobileInvalid')
                  : true,
          })}
        />
        <TextField
          label={t('fields.smsCode')}
          icon="key"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={255}
          isRequired
          error={errors.verificationCode?.message}
          trailing={
            <CodeButton
              canSend={() => trigger('mobileNo')}
              onSend={async () =>
                countdownSeconds(await sendBindSmsCode({ mobileNo: getValues('mobileNo').trim(), countryDialingCode: activeDialingCode }))
              }
              retryAfterOf={retryAfterSeconds}
              messageOf={(error) => errorMessage(error, t('errors.unknown'))}
            />
          }
          {...register('verificationCode', { validate: (value) => (value.trim() === '' ? t('validation.codeInvalid') : true) })}
        />
      </div>
      <p className={styles.hint}>{t('security.bindFinal')}</p>
      {formError ? (
        <p className={styles.formError} role="alert">
          {formError}
        </p>
      ) : null}
      <Button type="submit" isBlock size="large" disabled={isSubmitting}>
        {isSubmitting ? <Spinner size={18} label={t('security.saving')} /> : null}
        {t('security.mobile.submit')}
      </Button>
    </form>
  );
}
