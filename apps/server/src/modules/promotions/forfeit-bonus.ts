import { formatAmount } from '@kismat/contracts/wallet';
import type { FastifyRequest } from 'fastify';
import { recordAudit, requestOrigin } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { type EndRequirementResult, endRequirement } from './end-requirement';

/** The member gives up one of their active bonuses: the unspent bonus goes back (end-requirement.ts), audited in the same transaction. */
export async function forfeitBonus(
  db: Db,
  request: FastifyRequest,
  member: MemberRow,
  requirementId: number,
  now: Date,
): Promise<EndRequirementResult> {
  return db.transaction(async (tx) => {
    const ended = await endRequirement(tx, { requirementId, memberId: member.id, status: 'FORFEITED', endedBy: 'member', note: null, now });
    await recordAudit(tx, {
      merchantId: member.merchantId,
      memberId: member.id,
      actor: 'MEMBER',
      action: 'promotion.bonus_forfeited',
      origin: requestOrigin(request),
      detail: { requirementId: ended.requirement.id, returned: formatAmount(ended.returnedAmount) },
      at: now,
    });
    return ended;
  });
}
