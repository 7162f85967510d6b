import type { MemberChangeAgentValue } from '@kismat/contracts/member-desk';
import type { FastifyRequest } from 'fastify';
import { recordOperatorAudit } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { currentOperator } from '../../platform/operator-auth';
import { isAgentType } from '../agent/index';
import { findMemberByUsername, findUsername, moveMemberSubtree } from '../member/index';

/**
 * Puts a member (and its whole team below) under another agent of the same merchant: the new
 * upline must be an agent (agent module's policy), active, and not inside the member's own team
 * (the member module refuses the cycle). Settled history stays where it was earned; play and
 * commissions from now on count for the new team. Audited with the old and new agent.
 */
export async function changeMemberAgent(
  request: FastifyRequest,
  member: MemberRow,
  input: { agentUsername: string; reason: string },
): Promise<MemberChangeAgentValue> {
  const { db } = request.server;
  const agent = await findMemberByUsername(db, member.merchantId, input.agentUsername);
  if (!agent || !isAgentType(agent.type) || agent.status !== 'ACTIVE') {
    throw new AppError('VALIDATION_FAILED', {
      value: { fields: [{ field: 'agentUsername', message: 'is not an active agent of this merchant' }] },
    });
  }
  const before = member.uplineId === null ? null : await findUsername(db, member.uplineId);
  const moved = await db.transaction(async (tx) => {
    const result = await moveMemberSubtree(tx, { memberId: member.id, newUplineId: agent.id, now: request.server.now() });
    await recordOperatorAudit(tx, request, currentOperator(request), {
      action: 'member.agent_changed',
      targetType: 'member',
      targetId: member.id,
      merchantId: member.merchantId,
      memberId: member.id,
      reason: input.reason,
      detail: { before: { agent: before }, after: { agent: agent.username }, movedMembers: result.movedMembers },
    });
    return result;
  });
  return { agentUsername: agent.username, movedMembers: moved.movedMembers };
}
