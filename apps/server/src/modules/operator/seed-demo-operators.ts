import { sql } from 'drizzle-orm';
import type { OperatorRole } from '../../db/schema/operators';
import { operators } from '../../db/schema/operators';
import type { DbOrTx } from '../../platform/db';
import { hashPassword } from '../member/index';

/**
 * Demo back-office accounts (README, printed by `npm start`), seeded only with the demo data:
 *   demofinance / Demo@2025   finance: approves deposits and withdrawals, adjusts balances
 *   demosupport / Demo@2025   support: reads lists and the audit log, cannot approve
 * Idempotent: an existing operator is left as it is (a changed password survives reseeding).
 */
export const DEMO_OPERATORS: readonly { username: string; password: string; role: OperatorRole }[] = [
  { username: 'demofinance', password: 'Demo@2025', role: 'finance' },
  { username: 'demosupport', password: 'Demo@2025', role: 'support' },
];

export async function seedDemoOperators(db: DbOrTx): Promise<void> {
  for (const operator of DEMO_OPERATORS) {
    const [existing] = await db
      .select({ id: operators.id })
      .from(operators)
      .where(sql`lower(${operators.username}) = lower(${operator.username})`)
      .limit(1);
    if (existing) continue;
    await db
      .insert(operators)
      .values({ username: operator.username, passwordHash: await hashPassword(operator.password), role: operator.role })
      .onConflictDoNothing();
  }
}
