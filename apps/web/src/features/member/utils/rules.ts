import type { FieldRuleInput } from '@kismat/contracts/field-rules';

/** Used when the merchant has no row for a field (the server falls back the same way). */
export const PAYMENT_PASSWORD_FALLBACK_RULE: FieldRuleInput = {
  acceptedPattern: '^\\d+$',
  minLength: 6,
  maxLength: 6,
  patternId: 'DIGITS_ONLY',
  required: true,
};
export const FULL_NAME_FALLBACK_RULE: FieldRuleInput = {
  acceptedPattern: "^\\p{L}[\\p{L}\\p{M}'.\\-]*(?: \\p{L}[\\p{L}\\p{M}'.\\-]*)+$",
  minLength: 3,
  maxLength: 50,
  patternId: 'FULL_NAME',
  required: true,
};
