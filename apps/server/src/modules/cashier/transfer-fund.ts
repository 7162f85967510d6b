import { and, eq, gte } from 'drizzle-orm';
import { members, memberTree } from '../../db/schema/accounts';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { type MemberTransferRow, moveMemberFunds } from './move-member-funds';

/** An agent sends cash to one of its own direct or indirect downlines; anyone outside its subtree is refused. */
export async function transferFund(
  ctx: RequestContext,
  agent: MemberRow,
  input: { downlineId: number; amount: bigint; paymentPassword: string; idempotencyKey: string },
): Promise<{ transfer: MemberTransferRow; to: MemberRow }> {
  const [found] = await ctx.db
    .select({ member: members })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.descendantId))
    .where(and(eq(memberTree.ancestorId, agent.id), eq(memberTree.descendantId, input.downlineId), gte(memberTree.depth, 1)))
    .limit(1);
  // The subtree is the agent's tenant boundary: a member elsewhere looks the same as no member.
  if (!found) throw new AppError('NOT_IN_TREE');
  const transfer = await moveMemberFunds(ctx, agent, { kind: 'downline', to: found.member, ...input });
  return { transfer, to: found.member };
}
