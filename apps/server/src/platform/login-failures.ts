import { and, eq, gte, sql } from 'drizzle-orm';
import { loginFailures } from '../db/schema/accounts';
import type { DbOrTx } from './db';
import { type FailureScope, type FailureState, type FailureStore, NO_FAILURES } from './login-throttle';

export type { FailureScope, FailureState } from './login-throttle';

/** Failures of a key inside the window (older ones no longer count). */
export async function readFailures(
  db: DbOrTx,
  merchantId: number,
  scope: FailureScope,
  key: string,
  windowStart: Date,
): Promise<FailureState> {
  const rows = await db
    .select({ failures: loginFailures.failures, blockedUntil: loginFailures.blockedUntil })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.merchantId, merchantId),
        eq(loginFailures.scope, scope),
        eq(loginFailures.key, key),
        gte(loginFailures.lastFailureAt, windowStart),
      ),
    )
    .limit(1);
  return rows[0] ?? NO_FAILURES;
}

/** Counts one more failure (a count older than the window restarts) and stores the wait it earns. */
export async function recordFailure(
  db: DbOrTx,
  input: { merchantId: number; scope: FailureScope; key: string; now: Date; windowStart: Date; blockSeconds: (failures: number) => number },
): Promise<FailureState> {
  const { merchantId, scope, key, now, windowStart } = input;
  const [row] = await db
    .insert(loginFailures)
    .values({ merchantId, scope, key, failures: 1, firstFailureAt: now, lastFailureAt: now })
    .onConflictDoUpdate({
      target: [loginFailures.merchantId, loginFailures.scope, loginFailures.key],
      set: {
        failures: sql`case when ${loginFailures.lastFailureAt} < ${windowStart}::timestamptz then 1 else ${loginFailures.failures} + 1 end`,
        firstFailureAt: sql`case when ${loginFailures.lastFailureAt} < ${windowStart}::timestamptz then ${now}::timestamptz else ${loginFailures.firstFailureAt} end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: loginFailures.failures });
  const failures = row?.failures ?? 1;
  const seconds = input.blockSeconds(failures);
  const blockedUntil = seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null;
  await db
    .update(loginFailures)
    .set({ blockedUntil })
    .where(and(eq(loginFailures.merchantId, merchantId), eq(loginFailures.scope, scope), eq(loginFailures.key, key)));
  return { failures, blockedUntil };
}

export async function clearFailures(db: DbOrTx, merchantId: number, scope: FailureScope, key: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.merchantId, merchantId), eq(loginFailures.scope, scope), eq(loginFailures.key, key)));
}

/**
 * Every counter of one account name, from every source: after a password reset the owner is
 * not kept waiting for guesses against the password that no longer exists.
 */
export async function clearAccountFailures(db: DbOrTx, merchantId: number, account: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(
      and(
        eq(loginFailures.merchantId, merchantId),
        sql`((${loginFailures.scope} = 'ACCOUNT' and ${loginFailures.key} = ${account}) or (${loginFailures.scope} = 'ACCOUNT_IP' and starts_with(${loginFailures.key}, ${`${account}|`})))`,
      ),
    );
}

/** Members' login counters: per merchant, since the same name may exist on two sites. */
export function memberFailureStore(db: DbOrTx, merchantId: number): FailureStore {
  return {
    read: (scope, key, windowStart) => readFailures(db, merchantId, scope, key, windowStart),
    record: (scope, key, input) => recordFailure(db, { merchantId, scope, key, ...input }),
    clear: (scope, key) => clearFailures(db, merchantId, scope, key),
  };
}
