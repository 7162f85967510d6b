import { and, eq, gte, sql } from 'drizzle-orm';
import { operatorLoginFailures } from '../../db/schema/operators';
import type { DbOrTx } from '../../platform/db';
import { type FailureStore, NO_FAILURES } from '../../platform/login-throttle';

/** Operators' login counters (the same throttle as members', platform/login-throttle.ts). */
export function operatorFailureStore(db: DbOrTx): FailureStore {
  const table = operatorLoginFailures;
  return {
    async read(scope, key, windowStart) {
      const rows = await db
        .select({ failures: table.failures, blockedUntil: table.blockedUntil })
        .from(table)
        .where(and(eq(table.scope, scope), eq(table.key, key), gte(table.lastFailureAt, windowStart)))
        .limit(1);
      return rows[0] ?? NO_FAILURES;
    },
    async record(scope, key, { now, windowStart, blockSeconds }) {
      const [row] = await db
        .insert(table)
        .values({ scope, key, failures: 1, firstFailureAt: now, lastFailureAt: now })
        .onConflictDoUpdate({
          target: [table.scope, table.key],
          set: {
            failures: sql`case when ${table.lastFailureAt} < ${windowStart}::timestamptz then 1 else ${table.failures} + 1 end`,
            firstFailureAt: sql`case when ${table.lastFailureAt} < ${windowStart}::timestamptz then ${now}::timestamptz else ${table.firstFailureAt} end`,
            lastFailureAt: now,
          },
        })
        .returning({ failures: table.failures });
      const failures = row?.failures ?? 1;
      const seconds = blockSeconds(failures);
      const blockedUntil = seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null;
      await db
        .update(table)
        .set({ blockedUntil })
        .where(and(eq(table.scope, scope), eq(table.key, key)));
      return { failures, blockedUntil };
    },
    async clear(scope, key) {
      await db.delete(table).where(and(eq(table.scope, scope), eq(table.key, key)));
    },
  };
}

/** An admin's "unlock" or password reset: every counter of the name, from every source. */
export async function clearOperatorLoginFailures(db: DbOrTx, username: string): Promise<void> {
  const account = username.toLowerCase();
  await db
    .delete(operatorLoginFailures)
    .where(
      sql`(${operatorLoginFailures.scope} = 'ACCOUNT' and ${operatorLoginFailures.key} = ${account}) or (${operatorLoginFailures.scope} = 'ACCOUNT_IP' and starts_with(${operatorLoginFailures.key}, ${`${account}|`}))`,
    );
}
