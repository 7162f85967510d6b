import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rowsOf, toNumber } from '../../platform/sql-values';

/**
 * Days (site time) on which a member logged in within [from, to): each login, SMS login,
 * registration or remembered refresh opens a session (platform's sessions table), so its
 * creation is the login record; counting distinct local days needs no hook in the login paths.
 */
export async function countLoginDays(
  db: DbOrTx,
  memberId: number,
  offsetMinutes: number,
  from: Date | null,
  to: Date | null,
): Promise<number> {
  const rows = rowsOf<{ days: unknown }>(
    await db.execute(sql`
      SELECT count(DISTINCT ((created_at AT TIME ZONE 'UTC') + make_interval(mins => ${offsetMinutes}))::date) AS days
        FROM sessions
       WHERE member_id = ${memberId}
         ${from ? sql`AND created_at >= ${from.toISOString()}::timestamptz` : sql``}
         ${to ? sql`AND created_at < ${to.toISOString()}::timestamptz` : sql``}`),
  );
  return toNumber(rows[0]?.days ?? 0);
}
