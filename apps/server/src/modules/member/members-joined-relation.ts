import { type SQL, sql } from 'drizzle-orm';
import { members } from '../../db/schema/accounts';

/**
 * A derived table of the players who registered with a merchant over [from, to), as
 * (at, member_id): the reports' new members (docs/reports.md). Trial players (type 4) are not
 * members of the site. A range read on members_merchant_created.
 */
export function membersJoinedRelation(input: { merchantId: number; from: Date; to: Date }): SQL {
  return sql`(select created_at as at, id as member_id from ${members}
     where merchant_id = ${input.merchantId} and type <> 4
       and created_at >= ${input.from.toISOString()}::timestamptz and created_at < ${input.to.toISOString()}::timestamptz)`;
}
