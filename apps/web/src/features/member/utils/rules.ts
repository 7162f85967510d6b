import type { FieldRuleInput } from '@kismat/contracts/field-rules';

/** Used when the merchant has no row for a field (the server falls back the same way). */
export const PASSWORD_FALLBACK_RULE: FieldRuleInput = {
  acceptedPattern: '*',
  minLength: 6,
  maxLength: 20,
  patternId: 'LENGTH_ONLY',
  required: true,
};
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
export const MOBILE_FALLBACK_RULE: FieldRuleInput = {
  acceptedPattern: '^\\d+$',
  minLength: 6,
  maxLength: 15,
  patternId: 'DIGITS_ONLY',
  required: true,
};
export const EMAIL_FALLBACK_RULE: FieldRuleInput = {
  acceptedPattern:
    "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}$",
  minLength: 3,
  maxLength: 254,
  patternId: 'EMAIL',
  required: true,
};

/**
 * A merchant rule applied outside registration: the field is part of this form whatever the
 * register popup shows, and required (as the server's essential rules are).
 */
export function requiredRuleOf(rule: FieldRuleInput | undefined, fallback: FieldRuleInput): FieldRuleInput {
  return { ...(rule ?? fallback), shown: true, required: true };
}
