import { acceptedPatternFor, isValidPatternSource } from '@kismat/contracts/field-rules';
import type { FieldRule, PatternId, RegisterField } from '@kismat/contracts/system';
import { and, eq } from 'drizzle-orm';
import { registrationRules } from '../../db/schema/system';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { listRegistrationRules } from './list-registration-rules';

export type RegistrationRuleChange = {
  shown?: boolean | undefined;
  required?: boolean | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  patternId?: PatternId | undefined;
  /** A regular-expression source or '*'; defaults to the family's own pattern when the family changes. */
  acceptedPattern?: string | undefined;
};

/**
 * Changes one registration field rule of a merchant (operator back office). A required field
 * is always shown, and a pattern that does not compile is refused, so the form the site
 * builds from these rules can always be filled in.
 */
export async function updateRegistrationRule(
  db: DbOrTx,
  merchantId: number,
  field: RegisterField,
  change: RegistrationRuleChange,
): Promise<FieldRule> {
  const [current] = await db
    .select()
    .from(registrationRules)
    .where(and(eq(registrationRules.merchantId, merchantId), eq(registrationRules.field, field)))
    .limit(1);
  if (!current) throw new AppError('NOT_FOUND');
  const minLength = change.minLength ?? current.minLength;
  const maxLength = change.maxLength ?? current.maxLength;
  const isRequired = change.required ?? current.isRequired;
  const isShown = isRequired ? true : (change.shown ?? current.isShown);
  const acceptedPattern = change.acceptedPattern ?? (change.patternId ? acceptedPatternFor(change.patternId) : current.acceptedPattern);
  const fields: { field: string; message: string }[] = [];
  if (minLength > maxLength) fields.push({ field: 'minLength', message: 'minLength is above maxLength' });
  if (acceptedPattern !== '*' && !isValidPatternSource(acceptedPattern))
    fields.push({ field: 'acceptedPattern', message: 'not a valid pattern' });
  if (fields.length > 0) throw new AppError('VALIDATION_FAILED', { value: { fields } });
  await db
    .update(registrationRules)
    .set({ minLength, maxLength, isRequired, isShown, acceptedPattern, patternId: change.patternId ?? current.patternId })
    .where(eq(registrationRules.id, current.id));
  const rules = await listRegistrationRules(db, merchantId);
  const updated = rules.find((rule) => rule.field === field);
  if (!updated) throw new AppError('NOT_FOUND');
  return updated;
}
