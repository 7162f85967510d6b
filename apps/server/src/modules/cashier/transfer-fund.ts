import type { MemberRow } from '../../platform/auth';
import type { RequestContext } from '../../platform/request-context';
import { assertInSubtree } from '../member/index';
import { type MemberTransferRow, moveMemberFunds } from './move-member-funds';

/** An agent sends cash to one of its own direct or indirect downlines; anyone outside its subtree is refused. */
export async function transferFund(
  ctx: RequestContext,
  agent: MemberRow,
  input: { downlineId: number; amount: bigint; paymentPassword: string; idempotencyKey: string },
): Promise<{ transfer: MemberTransferRow; to: MemberRow }> {
  // The subtree is the agent's tenant boundary: a member elsewhere looks the same as no member.
  const found = await assertInSubtree(ctx.db, agent.id, input.downlineId);
  const transfer = await moveMemberFunds(ctx, agent, { kind: 'downline', to: found.member, ...input });
  return { transfer, to: found.member };
}
