import { and, eq } from 'drizzle-orm';
import { members, memberTree } from '../../db/schema/accounts';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { type MemberTransferRow, moveMemberFunds } from './move-member-funds';

/** The member's direct upline, confirmed by the closure table (the column alone could be stale). */
export async function findUpline(db: DbOrTx, member: MemberRow): Promise<MemberRow | null> {
  if (!member.uplineId) return null;
  const [found] = await db
    .select({ member: members })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.ancestorId))
    .where(and(eq(memberTree.ancestorId, member.uplineId), eq(memberTree.descendantId, member.id), eq(memberTree.depth, 1)))
    .limit(1);
  return found?.member ?? null;
}

/** A member sends cash to its own direct upline; nobody else can be the recipient. */
export async function transferUpline(
  ctx: RequestContext,
  member: MemberRow,
  input: { amount: bigint; paymentPassword: string; idempotencyKey: string },
): Promise<{ transfer: MemberTransferRow; to: MemberRow }> {
  const upline = await findUpline(ctx.db, member);
  if (!upline) throw new AppError('NOT_IN_TEAM');
  const transfer = await moveMemberFunds(ctx, member, { kind: 'upline', to: upline, ...input });
  return { transfer, to: upline };
}
