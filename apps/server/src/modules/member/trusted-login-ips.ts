import { and, count, eq } from 'drizzle-orm';
import { trustedLoginIps } from '../../db/schema/accounts';
import type { DbOrTx } from '../../platform/db';

export async function isTrustedLoginIp(db: DbOrTx, memberId: number, ip: string): Promise<boolean> {
  const rows = await db
    .select({ n: count() })
    .from(trustedLoginIps)
    .where(and(eq(trustedLoginIps.memberId, memberId), eq(trustedLoginIps.ip, ip)));
  return (rows[0]?.n ?? 0) > 0;
}

/** Remembers an IP after a login that passed every check from it. */
export async function trustLoginIp(db: DbOrTx, memberId: number, ip: string, now: Date): Promise<void> {
  await db
    .insert(trustedLoginIps)
    .values({ memberId, ip, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: [trustedLoginIps.memberId, trustedLoginIps.ip], set: { lastSeenAt: now } });
}
