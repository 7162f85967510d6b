import { type FieldRuleInput, validateFieldValue } from '@kismat/contracts/field-rules';
import type { FieldRule, PatternId } from '@kismat/contracts/system';
import type { TFunction } from 'i18next';

/**
 * Form messages for the server-supplied field rules (spec section 5): a missing value reads
 * "Input cannot be empty"; a wrong length or pattern reads the translation keyed by the rule's
 * patternId with min and max substituted. The check itself is the contract's validateFieldValue,
 * the very function the server runs, so the form never accepts what the server refuses.
 */
export function fieldRuleMessage(
  t: TFunction<'accounts'>,
  rule: FieldRuleInput | undefined,
  value: string | null | undefined,
): string | null {
  if (!rule) return null;
  const result = validateFieldValue(rule, value);
  if (result.ok) return null;
  if (result.reason === 'required') return t('validation.required');
  return patternMessage(t, result.messageKey, result.params);
}

export function patternMessage(t: TFunction<'accounts'>, patternId: PatternId, params: { min: number; max: number }): string {
  return t(`patterns.${patternId}`, params);
}

export type RuleMap = Partial<Record<FieldRule['field'], FieldRule>>;

/** The rules by field name. */
export function toRuleMap(rules: readonly FieldRule[] | undefined): RuleMap {
  const map: RuleMap = {};
  for (const rule of rules ?? []) map[rule.field] = rule;
  return map;
}

/** A rule with `required` forced on (a field the form always needs, e.g. the mobile number in mobile mode). */
export function requiredRule(rule: FieldRuleInput | undefined, fallback: FieldRuleInput): FieldRuleInput {
  return { ...(rule ?? fallback), shown: true, required: true };
}

/** Spec section 9: a password of 123456 forces a change, so it is never accepted as a new one. */
export const FORCED_PASSWORD = '123456';

// Used when a merchant has no row for a field every account needs (the server does the same).
export const FALLBACK_RULES: Record<'username' | 'password' | 'mobileNum' | 'verificationCode' | 'captcha', FieldRuleInput> = {
  username: { acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$', minLength: 6, maxLength: 16, patternId: 'LETTER_FIRST_ALNUM', required: true },
  password: { acceptedPattern: '*', minLength: 6, maxLength: 20, patternId: 'LENGTH_ONLY', required: true },
  mobileNum: { acceptedPattern: '^\\d+$', minLength: 6, maxLength: 15, patternId: 'DIGITS_ONLY', required: true },
  verificationCode: { acceptedPattern: '^\\S+$', minLength: 1, maxLength: 255, patternId: 'NO_SPACES', required: true },
  captcha: { acceptedPattern: '^[A-Za-z0-9]+$', minLength: 4, maxLength: 6, patternId: 'LETTERS_OR_DIGITS', required: true },
};

/** The e-mail check of the bind and forgot-password forms (the merchant rules have no e-mail row outside registration). */
export const EMAIL_FALLBACK_RULE: FieldRuleInput = {
  acceptedPattern:
    "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}$",
  minLength: 3,
  maxLength: 254,
  patternId: 'EMAIL',
  required: true,
};

/** A react-hook-form `validate` function: a message, or true when the value passes. */
export type FieldValidator = (value: string) => string | true;

/** A password the member types to prove who they are: only its presence is checked. */
export function passwordRequiredValidator(t: TFunction<'accounts'>): FieldValidator {
  return (value) => (value === '' ? t('validation.passwordRequired') : true);
}

/** An SMS or e-mail code: only its presence is checked (the server judges the code). */
export function codeRequiredValidator(t: TFunction<'accounts'>): FieldValidator {
  return (value) => (value.trim() === '' ? t('validation.codeInvalid') : true);
}

/** A new password: the merchant's rule, never the forced 123456, and (when `previousOf` says one) not the old one again. */
export function newPasswordValidator(
  t: TFunction<'accounts'>,
  rule: FieldRuleInput,
  previousOf: () => string | null = () => null,
): FieldValidator {
  return (value) => {
    const ruleMessage = fieldRuleMessage(t, rule, value);
    if (ruleMessage) return ruleMessage;
    if (value === FORCED_PASSWORD) return t('validation.passwordNotAllowed');
    const previous = previousOf();
    return previous !== null && value === previous ? t('validation.passwordUnchanged') : true;
  };
}

/** The confirmation of a new password: present and equal to `passwordOf()`. */
export function confirmPasswordValidator(t: TFunction<'accounts'>, passwordOf: () => string): FieldValidator {
  return (value) => (value === '' ? t('validation.confirmRequired') : value !== passwordOf() ? t('validation.confirmMismatch') : true);
}

/** A mobile number the form always needs: "required" when empty, "invalid" when the rule refuses it. */
export function mobileValidator(t: TFunction<'accounts'>, rule: FieldRuleInput): FieldValidator {
  return (value) =>
    value.trim() === '' ? t('validation.mobileRequired') : fieldRuleMessage(t, rule, value.trim()) ? t('validation.mobileInvalid') : true;
}

/** An e-mail address the form always needs: "required" when empty, "invalid" when the rule refuses it. */
export function emailValidator(t: TFunction<'accounts'>, rule: FieldRuleInput = EMAIL_FALLBACK_RULE): FieldValidator {
  return (value) =>
    value.trim() === '' ? t('validation.required') : fieldRuleMessage(t, rule, value.trim()) ? t('validation.emailInvalid') : true;
}
