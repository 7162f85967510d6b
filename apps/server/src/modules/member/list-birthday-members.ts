import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { and, eq, lte, ne, sql } from 'drizzle-orm';
import { memberProfiles, members } from '../../db/schema/accounts';
import type { DbOrTx } from '../../platform/db';

/**
 * Active real members of a merchant whose birthday (profile) falls on `monthDay` ('MM-DD') and
 * whose account was opened by `createdBefore`: who a birthday bonus may go to (the VIP job).
 * A birthday set on an account younger than the cut-off earns nothing, so a fresh account with
 * its birthday typed as today cannot farm the bonus.
 */
export async function listBirthdayMembers(db: DbOrTx, merchantId: number, monthDay: string, createdBefore: Date): Promise<number[]> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .innerJoin(memberProfiles, eq(memberProfiles.memberId, members.id))
    .where(
      and(
        eq(members.merchantId, merchantId),
        eq(members.status, 'ACTIVE'),
        ne(members.type, MEMBER_TYPE.TRIAL),
        lte(members.createdAt, createdBefore),
        sql`to_char(${memberProfiles.birthday}, 'MM-DD') = ${monthDay}`,
      ),
    );
  return rows.map((row) => row.id);
}
