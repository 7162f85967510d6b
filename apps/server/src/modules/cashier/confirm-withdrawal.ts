import { and, eq } from 'drizzle-orm';
import { withdrawalRequests } from '../../db/schema/cashier';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { CashierContext } from '../../platform/request-context';
import { checkOwnUpload } from './save-upload';
import type { WithdrawalRow } from './withdrawal-queries';

export interface ConfirmWithdrawalInput {
  outcome: 'received' | 'not_received' | 'partial';
  receivedAmount?: bigint | undefined;
  proofUploadId?: string | undefined;
}

/**
 * The member's answer after payout: received, not received (with proof, for the operator to
 * chase) or partially received. The money already left the ledger at approval, so nothing
 * moves here; the answer is recorded once and the same answer again is a replay.
 */
export async function confirmWithdrawal(
  ctx: CashierContext,
  member: MemberRow,
  withdrawalId: number,
  input: ConfirmWithdrawalInput,
): Promise<WithdrawalRow> {
  const proofUploadId = await checkOwnUpload(ctx.db, member.id, input.proofUploadId);
  return ctx.db.transaction(async (tx) => {
    const [withdrawal] = await tx
      .select()
      .from(withdrawalRequests)
      .where(and(eq(withdrawalRequests.id, withdrawalId), eq(withdrawalRequests.memberId, member.id)))
      .for('update');
    if (!withdrawal) throw new AppError('NOT_FOUND');
    let received: bigint;
    if (input.outcome === 'received') received = withdrawal.amount;
    else if (input.outcome === 'not_received') received = 0n;
    else {
      received = input.receivedAmount ?? -1n;
      if (received <= 0n || received >= withdrawal.amount) throw new AppError('AMOUNT_OUT_OF_RANGE');
    }
    if (withdrawal.confirmation === input.outcome && withdrawal.receivedAmount === received) return withdrawal;
    if (withdrawal.status !== 'approved' || withdrawal.confirmation !== 'awaiting') {
      throw new AppError('REQUEST_NOT_PENDING', { value: { status: withdrawal.status, confirmation: withdrawal.confirmation } });
    }
    if (input.outcome === 'not_received' && !proofUploadId) {
      throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'proofUploadId', reason: 'required' }] } });
    }
    const [confirmed] = await tx
      .update(withdrawalRequests)
      .set({ confirmation: input.outcome, receivedAmount: received, confirmProofUploadId: proofUploadId, confirmedAt: ctx.now })
      .where(eq(withdrawalRequests.id, withdrawal.id))
      .returning();
    return confirmed ?? withdrawal;
  });
}
