import { acceptedPatternFor } from '@kismat/contracts/field-rules';
import { type PatternId, REGISTER_FIELDS, type RegisterField } from '@kismat/contracts/system';
import { registrationRules } from '../../db/schema/system';
import type { DbOrTx } from '../../platform/db';

type RuleSeed = { patternId: PatternId; minLength: number; maxLength: number; isShown: boolean; isRequired: boolean };

/**
 * Bangladesh defaults. Mobile numbers are 10 digits (1XXXXXXXXX) or 11 with the trunk 0;
 * SMS verification (REGMOBVERF3) is on, so the mobile number and its code are required.
 */
export const DEFAULT_REGISTRATION_RULES: Record<RegisterField, RuleSeed> = {
  username: { patternId: 'LETTER_FIRST_ALNUM', minLength: 6, maxLength: 16, isShown: true, isRequired: true },
  password: { patternId: 'LENGTH_ONLY', minLength: 6, maxLength: 20, isShown: true, isRequired: true },
  confirmPassword: { patternId: 'LENGTH_ONLY', minLength: 6, maxLength: 20, isShown: true, isRequired: true },
  mobileNum: { patternId: 'DIGITS_ONLY', minLength: 10, maxLength: 11, isShown: true, isRequired: true },
  // The spec caps the code at 255 characters; providers send 4 to 8.
  verificationCode: { patternId: 'NO_SPACES', minLength: 4, maxLength: 255, isShown: true, isRequired: true },
  payeeName: { patternId: 'FULL_NAME', minLength: 3, maxLength: 50, isShown: true, isRequired: false },
  paymentPassword: { patternId: 'DIGITS_ONLY', minLength: 6, maxLength: 6, isShown: false, isRequired: false },
  qqNum: { patternId: 'DIGITS_ONLY', minLength: 5, maxLength: 12, isShown: false, isRequired: false },
  line: { patternId: 'NO_SPACES', minLength: 4, maxLength: 30, isShown: false, isRequired: false },
  whatsapp: { patternId: 'DIGITS_ONLY', minLength: 8, maxLength: 15, isShown: false, isRequired: false },
  facebook: { patternId: 'NO_SPACES', minLength: 5, maxLength: 50, isShown: false, isRequired: false },
  wechat: { patternId: 'NO_SPACES', minLength: 6, maxLength: 20, isShown: false, isRequired: false },
  // Bangladesh national ID numbers have 10, 13 or 17 digits.
  idNumber: { patternId: 'DIGITS_ONLY', minLength: 10, maxLength: 17, isShown: false, isRequired: false },
  email: { patternId: 'EMAIL', minLength: 6, maxLength: 64, isShown: true, isRequired: false },
  recommenderId: { patternId: 'LETTER_FIRST_ALNUM', minLength: 6, maxLength: 16, isShown: false, isRequired: false },
  affiliateCode: { patternId: 'LETTERS_OR_DIGITS', minLength: 4, maxLength: 20, isShown: true, isRequired: false },
  captcha: { patternId: 'LETTERS_OR_DIGITS', minLength: 4, maxLength: 6, isShown: true, isRequired: true },
  birthday: { patternId: 'DATE_YMD', minLength: 10, maxLength: 10, isShown: false, isRequired: false },
};

/** `overrides`: a site's own rules over the Bangladesh defaults (the East African merchant's mobile numbers). */
export async function seedRegistrationRules(
  tx: DbOrTx,
  merchantId: number,
  overrides: Partial<Record<RegisterField, RuleSeed>> = {},
): Promise<void> {
  const rows = REGISTER_FIELDS.map((field, index) => {
    const rule = overrides[field] ?? DEFAULT_REGISTRATION_RULES[field];
    return { merchantId, field, acceptedPattern: acceptedPatternFor(rule.patternId), sort: (index + 1) * 10, ...rule };
  });
  await tx
    .insert(registrationRules)
    .values(rows)
    .onConflictDoNothing({ target: [registrationRules.merchantId, registrationRules.field] });
}
