import type { registerSettingValue } from '@kismat/contracts/member';
import { MINIMUM_AGE_BIRTHDAY } from '@kismat/contracts/security';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db';
import { isFlagOn } from '../../platform/flags';
import type { Merchant } from '../../platform/merchant';
import { loadRegistrationRules } from './registration-rules';

/** GET /wps/member/register/setting ("set-register"): the flags and rules the register popup is built from. */
export async function getRegisterSetting(db: DbOrTx, merchant: Merchant): Promise<z.infer<typeof registerSettingValue>> {
  const rules = await loadRegistrationRules(db, merchant.id);
  const captcha = rules.get('captcha');
  return {
    defaultType: isFlagOn(merchant, 'MOBILENUMREG3') ? 'registerMobile' : 'register',
    smsCodeRequired: isFlagOn(merchant, 'REGMOBVERF3'),
    mobilePasswordRequired: isFlagOn(merchant, 'MOBILENUMPASSREG3'),
    captchaRequired: captcha?.shown === true && captcha.required,
    termsPath: '/help#term',
    minimumAge: MINIMUM_AGE_BIRTHDAY,
    fields: [...rules.values()].map((rule) => ({
      field: rule.field,
      acceptedPattern: rule.acceptedPattern,
      minLength: rule.minLength,
      maxLength: rule.maxLength,
      patternId: rule.patternId,
      shown: rule.shown,
      required: rule.required,
    })),
  };
}
