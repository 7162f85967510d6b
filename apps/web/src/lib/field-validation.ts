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
export function requiredRule(rule: FieldRule | undefined, fallback: FieldRuleInput): FieldRuleInput {
  return { ...(rule ?? fallback), shown: true, required: true };
}

/** Spec section 9: a password of 123456 forces a change, so it is never accepted as a new one. */
export const FORCED_PASSWORD = '123456';
