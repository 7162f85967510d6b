import { type FieldRule, PATTERN_IDS, type PatternId, REGISTER_FIELDS, type RegisterField } from '@kismat/contracts/system';
import { asc, eq } from 'drizzle-orm';
import { registrationRules } from '../../db/schema/system';
import type { DbOrTx } from '../../platform/db';

const isRegisterField = (field: string): field is RegisterField => (REGISTER_FIELDS as readonly string[]).includes(field);
const isPatternId = (patternId: string): patternId is PatternId => (PATTERN_IDS as readonly string[]).includes(patternId);

/** The merchant's registration rule rows as stored, by sort (the member module's checks read them). */
export async function readRegistrationRuleRows(db: DbOrTx, merchantId: number) {
  return db.select().from(registrationRules).where(eq(registrationRules.merchantId, merchantId)).orderBy(asc(registrationRules.sort));
}

/** The merchant's registration field rules in form order. Rows naming an unknown field or family are skipped. */
export async function listRegistrationRules(db: DbOrTx, merchantId: number): Promise<FieldRule[]> {
  const rows = await db
    .select()
    .from(registrationRules)
    .where(eq(registrationRules.merchantId, merchantId))
    .orderBy(asc(registrationRules.sort), asc(registrationRules.id));
  const rules: FieldRule[] = [];
  for (const row of rows) {
    if (!isRegisterField(row.field) || !isPatternId(row.patternId)) continue;
    rules.push({
      field: row.field,
      acceptedPattern: row.acceptedPattern,
      minLength: row.minLength,
      maxLength: row.maxLength,
      patternId: row.patternId,
      shown: row.isShown,
      required: row.isRequired,
    });
  }
  return rules;
}
