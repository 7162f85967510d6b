import { useTranslation } from 'react-i18next';
import { MobileCodeFields } from '@/components/ui/mobile-code-fields';
import { codeRequiredValidator, FALLBACK_RULES, mobileValidator, type RuleMap, requiredRule } from '@/lib/field-validation';
import { useAccountForm } from '@/lib/use-account-form';
import { useDialingCode } from '@/lib/use-dialing-code';
import { showToast } from '@/stores/toast-store';
import { useBindMobile } from '../api/bind-mobile';
import { useCountryCodes } from '../api/get-country-codes';
import { sendBindSmsCode } from '../api/send-bind-sms-code';
import { showBindError } from '../utils/bind-errors';
import { BindForm } from './bind-form';

interface Fields {
  mobileNo: string;
  verificationCode: string;
}

/** Bind a mobile number with an SMS code; a bound number cannot be changed (spec section 4). */
export function BindMobileForm({ rules, onDone }: { rules: RuleMap; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const bind = useBindMobile();
  const { data: countries = [] } = useCountryCodes();
  const [dialingCode, setDialingCode] = useDialingCode(countries);
  const mobileRule = requiredRule(rules.mobileNum, FALLBACK_RULES.mobileNum);
  const { register, trigger, getValues, formError, onSubmit, errors, isSubmitting } = useAccountForm<Fields>(
    { defaultValues: { mobileNo: '', verificationCode: '' } },
    async (fields) => {
      await bind.mutateAsync({
        mobileNo: fields.mobileNo.trim(),
        countryDialingCode: dialingCode || undefined,
        verificationCode: fields.verificationCode.trim(),
      });
      showToast(t('security.mobile.bound'));
      onDone();
    },
    (error, setError) =>
      showBindError(error, setError, { code: 'verificationCode', contact: 'mobileNo', contactCodes: ['MOBILE_TAKEN', 'MOBILE_INVALID'] }),
  );

  return (
    <BindForm
      lead={t('security.mobile.lead')}
      submitLabel={t('security.mobile.submit')}
      formError={formError}
      isSubmitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <MobileCodeFields
        countries={countries}
        dialingCode={dialingCode}
        onDialingCodeChange={setDialingCode}
        mobile={{ error: errors.mobileNo?.message, field: register('mobileNo', { validate: mobileValidator(t, mobileRule) }) }}
        code={{ error: errors.verificationCode?.message, field: register('verificationCode', { validate: codeRequiredValidator(t) }) }}
        canSend={() => trigger('mobileNo')}
        send={() => sendBindSmsCode({ mobileNo: getValues('mobileNo').trim(), countryDialingCode: dialingCode })}
      />
    </BindForm>
  );
}
