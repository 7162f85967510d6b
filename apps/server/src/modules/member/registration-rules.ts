import { acceptedPatternFor, type FieldRuleInput, validateFieldValue } from '@kismat/contracts/field-rules';
import type { Language } from '@kismat/contracts/languages';
import type { FieldError } from '@kismat/contracts/member';
import { PATTERN_IDS, type PatternId } from '@kismat/contracts/system';
import type { DbOrTx } from '../../platform/db';
import { readRegistrationRuleRows } from '../system/index';
import { otherMessage, patternMessage } from './field-messages';

export interface RegistrationRule extends FieldRuleInput {
  field: string;
  patternId: PatternId;
  shown: boolean;
  required: boolean;
}

function ruleOf(field: string, patternId: PatternId, minLength: number, maxLength: number): RegistrationRule {
  return { field, patternId, acceptedPattern: acceptedPatternFor(patternId), minLength, maxLength, shown: true, required: true };
}

/**
 * Used when a merchant has no rule for a field that every account needs: a missing operator
 * row must never mean "anything goes" for usernames and passwords.
 */
export const FALLBACK_RULES: Record<'username' | 'password' | 'paymentPassword' | 'payeeName', RegistrationRule> = {
  username: ruleOf('username', 'LETTER_FIRST_ALNUM', 6, 16),
  password: ruleOf('password', 'LENGTH_ONLY', 6, 20),
  paymentPassword: ruleOf('paymentPassword', 'DIGITS_ONLY', 6, 6),
  payeeName: ruleOf('payeeName', 'FULL_NAME', 3, 50),
};

export type RegistrationRules = Map<string, RegistrationRule>;

/** The merchant's field rules (seeded per merchant, edited by operators), by field name. */
export async function loadRegistrationRules(db: DbOrTx, merchantId: number): Promise<RegistrationRules> {
  const rows = await readRegistrationRuleRows(db, merchantId);
  const rules: RegistrationRules = new Map();
  for (const row of rows) {
    // An unknown patternId keeps its pattern but borrows the plain length message.
    const patternId = (PATTERN_IDS as readonly string[]).includes(row.patternId) ? (row.patternId as PatternId) : 'LENGTH_ONLY';
    rules.set(row.field, {
      field: row.field,
      acceptedPattern: row.acceptedPattern,
      minLength: row.minLength,
      maxLength: row.maxLength,
      patternId,
      shown: row.isShown,
      required: row.isRequired,
    });
  }
  return rules;
}

/** The rule of a field that must always be checked, shown and required whatever the row says. */
export function essentialRule(rules: RegistrationRules, field: keyof typeof FALLBACK_RULES): RegistrationRule {
  const rule = rules.get(field);
  return rule ? { ...rule, shown: true, required: true } : FALLBACK_RULES[field];
}

/** Checks one value; the error message is the rule's patternId text in the request's language. */
export function checkField(rule: RegistrationRule, value: string | undefined, language: Language): FieldError | null {
  const result = validateFieldValue(rule, value);
  if (result.ok) return null;
  return {
    field: rule.field,
    patternId: rule.patternId,
    reason: result.reason,
    message: result.reason === 'required' ? otherMessage('required', language) : patternMessage(result.messageKey, language, result.params),
  };
}

export function fieldError(field: string, reason: FieldError['reason'], message: string): FieldError {
  return { field, patternId: null, reason, message };
}
