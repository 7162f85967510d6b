import { eq } from 'drizzle-orm';
import { depositRequests } from '../../db/schema/cashier';
import { merchants } from '../../db/schema/merchants';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { creditDeposit } from './credit-deposit';
import { type DepositChannelRow, type DepositRow, findChannelById } from './deposit-queries';
import { pushNotification, recordNotification } from './notify-member';

export interface ResolveDepositResult {
  deposit: DepositRow;
  channel: DepositChannelRow;
  /** True when the deposit was already in the asked state: nothing moved this time. */
  isReplay: boolean;
}

/**
 * Approves a pending deposit (operator, or a gateway's paid callback): credits the member once
 * and notifies them. Approving again is a replay; a rejected deposit cannot be approved, but
 * a failed gateway deposit can (the provider reported the payment after all).
 */
export async function approveDeposit(
  deps: { db: Db; realtime: RealtimeHub; now: Date },
  input: { depositId: number; reviewedBy: string; note?: string | undefined; allowFailed?: boolean },
): Promise<ResolveDepositResult> {
  const outcome = await deps.db.transaction(async (tx) => {
    // The row lock serialises racing approvals; the loser sees 'approved' and replays.
    const [deposit] = await tx.select().from(depositRequests).where(eq(depositRequests.id, input.depositId)).for('update');
    if (!deposit) throw new AppError('NOT_FOUND');
    const channel = await findChannelById(tx, deposit.channelId);
    if (!channel) throw new AppError('NOT_FOUND');
    if (deposit.status === 'approved') return { deposit, channel, isReplay: true, notification: null };
    const isResolvable = deposit.status === 'pending' || (deposit.status === 'failed' && input.allowFailed === true);
    if (!isResolvable) throw new AppError('REQUEST_NOT_PENDING', { value: { status: deposit.status } });
    const [merchant] = await tx.select({ currency: merchants.currency }).from(merchants).where(eq(merchants.id, deposit.merchantId));
    if (!merchant) throw new AppError('NOT_FOUND');
    const posted = await creditDeposit(tx, deposit, channel, merchant.currency);
    const [approved] = await tx
      .update(depositRequests)
      .set({
        status: 'approved',
        ledgerTransferId: posted.transfer.id,
        reviewedBy: input.reviewedBy,
        reviewNote: input.note ?? null,
        resolvedAt: deps.now,
      })
      .where(eq(depositRequests.id, deposit.id))
      .returning();
    const notification = await recordNotification(tx, {
      merchantId: deposit.merchantId,
      memberId: deposit.memberId,
      kind: 'deposit_credited',
      amount: deposit.amount,
      referenceId: deposit.id,
      now: deps.now,
    });
    return { deposit: approved ?? deposit, channel, isReplay: false, notification };
  });
  await pushNotification(deps.db, deps.realtime, outcome.notification);
  return { deposit: outcome.deposit, channel: outcome.channel, isReplay: outcome.isReplay };
}
