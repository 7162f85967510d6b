import { and, eq, gte, sql } from 'drizzle-orm';
import { memberTransfers } from '../../db/schema/cashier';
import type { DbOrTx } from '../../platform/db';

/** What a member has sent to its tree since `since` (the business day's start), in minor units. */
export async function sumTransfersSince(db: DbOrTx, memberId: number, since: Date): Promise<bigint> {
  const [usage] = await db
    .select({ amount: sql<string>`coalesce(sum(${memberTransfers.amount}), 0)::text` })
    .from(memberTransfers)
    .where(and(eq(memberTransfers.fromMemberId, memberId), gte(memberTransfers.createdAt, since)));
  return BigInt(usage?.amount ?? '0');
}

/** An agent's active downlines, nearest first, to pick a transfer recipient: the member module's team read. */
export { listActiveTeamMembers as listTransferRecipients } from '../member/index';
