import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import { members } from '../../db/schema/accounts';
import { memberSightings } from '../../db/schema/member-desk';
import type { DbOrTx } from '../../platform/db';
import { escapeLike } from '../../platform/like-pattern';

/*
 * Reads the risk rules (modules/risk) make of members and their logins. Keyset-paged by time so
 * a scan over a busy day walks it in bounded batches.
 */

/** Members seen logging in after `since` (exclusive), oldest first: the candidates whose links are checked. */
export async function listRecentlySeenMembers(
  db: DbOrTx,
  input: { merchantId: number; since: Date; limit: number },
): Promise<{ memberId: number; seenAt: Date }[]> {
  const rows = await db
    .select({ memberId: memberSightings.memberId, seenAt: sql<Date>`max(${memberSightings.lastSeenAt})` })
    .from(memberSightings)
    .where(and(eq(memberSightings.merchantId, input.merchantId), gt(memberSightings.lastSeenAt, input.since)))
    .groupBy(memberSightings.memberId)
    .orderBy(asc(sql`max(${memberSightings.lastSeenAt})`))
    .limit(input.limit);
  return rows.map((row) => ({ memberId: row.memberId, seenAt: new Date(row.seenAt) }));
}

/** IPs from which at least `threshold` accounts registered in [from, to), with those accounts. */
export async function listRegistrationBursts(
  db: DbOrTx,
  input: { merchantId: number; from: Date; to: Date; threshold: number },
): Promise<{ ip: string; memberIds: number[] }[]> {
  const rows = await db
    .select({ ip: members.registerIp, memberIds: sql<number[]>`array_agg(${members.id} order by ${members.id})` })
    .from(members)
    .where(
      and(
        eq(members.merchantId, input.merchantId),
        gte(members.createdAt, input.from),
        lt(members.createdAt, input.to),
        sql`${members.registerIp} is not null and ${members.registerIp} <> ''`,
      ),
    )
    .groupBy(members.registerIp)
    .having(sql`count(*) >= ${input.threshold}`)
    .limit(1000);
  return rows.map((row) => ({ ip: row.ip ?? '', memberIds: row.memberIds.map(Number) }));
}

/** LIKE metacharacters in stored numbers match themselves. */

/**
 * Other members with the same national mobile number as each of the given members (any dialing
 * code spelling; the trigram index on mobile), at most 20 per member.
 */
export async function listPhoneShares(
  db: DbOrTx,
  memberIds: readonly number[],
): Promise<{ memberId: number; otherId: number; mobileNo: string }[]> {
  if (memberIds.length === 0) return [];
  const owners = await db
    .select({ id: members.id, mobileNo: members.mobileNo })
    .from(members)
    .where(and(inArray(members.id, [...memberIds]), sql`${members.mobileNo} is not null and ${members.mobileNo} <> ''`));
  const shares: { memberId: number; otherId: number; mobileNo: string }[] = [];
  for (const owner of owners) {
    const mobileNo = owner.mobileNo ?? '';
    const others = await db
      .select({ id: members.id })
      .from(members)
      .where(and(sql`${members.mobile} like ${`%${escapeLike(mobileNo)}`}`, sql`${members.id} <> ${owner.id}`))
      .limit(20);
    for (const other of others) shares.push({ memberId: owner.id, otherId: other.id, mobileNo });
  }
  return shares;
}
