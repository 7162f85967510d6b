import { formatAmount } from '@kismat/contracts/wallet';
import type { FastifyRequest } from 'fastify';
import { recordOperatorAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { OperatorIdentity } from '../../platform/operator-auth';
import { type EndRequirementResult, endRequirement } from './end-requirement';
import { readDepositTurnoverBp, writeDepositTurnoverBp } from './operator-promotion-reads';

/** An operator waives a member's requirement (the money stays with the member), audited in the same transaction. */
export async function waiveRequirement(
  db: Db,
  request: FastifyRequest,
  operator: Pick<OperatorIdentity, 'id' | 'username'>,
  input: { merchantId: number; requirementId: number; reason: string; now: Date },
): Promise<EndRequirementResult> {
  return db.transaction(async (tx) => {
    const result = await endRequirement(tx, {
      requirementId: input.requirementId,
      status: 'WAIVED',
      endedBy: operator.username,
      note: input.reason,
      now: input.now,
    });
    // Another merchant's requirement answers like a missing one, and the rollback undoes the end.
    if (result.requirement.merchantId !== input.merchantId) throw new AppError('NOT_FOUND');
    await recordOperatorAudit(tx, request, operator, {
      action: 'turnover.waived',
      targetType: 'turnover_requirement',
      targetId: result.requirement.id,
      merchantId: input.merchantId,
      memberId: result.requirement.memberId,
      reason: input.reason,
      detail: { required: formatAmount(result.requirement.required), done: formatAmount(result.requirement.done) },
    });
    return result;
  });
}

/** Sets the merchant's deposit turnover multiple, audited with before and after. */
export async function setDepositTurnover(
  db: Db,
  request: FastifyRequest,
  operator: Pick<OperatorIdentity, 'id' | 'username'>,
  input: { merchantId: number; depositTurnoverBp: number; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readDepositTurnoverBp(tx, input.merchantId);
    await writeDepositTurnoverBp(tx, {
      merchantId: input.merchantId,
      depositTurnoverBp: input.depositTurnoverBp,
      by: operator.username,
      now: input.now,
    });
    await recordOperatorAudit(tx, request, operator, {
      action: 'promotion.settings_changed',
      targetType: 'merchant',
      targetId: input.merchantId,
      merchantId: input.merchantId,
      detail: { depositTurnoverBp: { before, after: input.depositTurnoverBp } },
    });
  });
}
