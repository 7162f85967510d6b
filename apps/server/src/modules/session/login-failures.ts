import { and, eq, gte, sql } from 'drizzle-orm';
import { loginFailures } from '../../db/schema/accounts';
import type { DbOrTx } from '../../platform/db';

export type FailureScope = 'ACCOUNT' | 'IP';

export interface FailureState {
  failures: number;
  blockedUntil: Date | null;
}

const NONE: FailureState = { failures: 0, blockedUntil: null };

/** Longest wait between attempts once throttling starts: an account owner is never locked out for long. */
const MAX_BLOCK_SECONDS: Record<FailureScope, number> = { ACCOUNT: 60, IP: 300 };

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
  return rows[0] ?? NONE;
}

/**
 * Counts one more failure. Past the captcha threshold each further failure makes the next
 * attempt wait twice as long (1 s, 2 s, 4 s ... up to the scope's maximum): slow enough to
 * stop guessing, short enough that an attacker cannot lock the real owner out.
 */
export async function recordFailure(
  db: DbOrTx,
  input: { merchantId: number; scope: FailureScope; key: string; now: Date; windowStart: Date; threshold: number },
): Promise<FailureState> {
  const { merchantId, scope, key, now, windowStart, threshold } = input;
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
  let blockedUntil: Date | null = null;
  if (failures > threshold) {
    const seconds = Math.min(2 ** (failures - threshold - 1), MAX_BLOCK_SECONDS[scope]);
    blockedUntil = new Date(now.getTime() + seconds * 1000);
  }
  await db
    .update(loginFailures)
    .set({ blockedUntil })
    .where(and(eq(loginFailures.merchantId, merchantId), eq(loginFailures.scope, scope), eq(loginFailures.key, key)));
  return { failures, blockedUntil };
}

/** A successful login clears its account's counter (never the IP's: one good account must not launder an IP). */
export async function clearFailures(db: DbOrTx, merchantId: number, scope: FailureScope, key: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.merchantId, merchantId), eq(loginFailures.scope, scope), eq(loginFailures.key, key)));
}
