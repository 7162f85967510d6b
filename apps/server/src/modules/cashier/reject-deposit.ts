import { eq } from 'drizzle-orm';
import { depositRequests } from '../../db/schema/cashier';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import type { ResolveDepositResult } from './approve-deposit';
import { findChannelById } from './deposit-queries';
import { pushNotification, recordNotification } from './notify-member';

/**
 * Ends a pending deposit without credit: `rejected` by an operator (manual channels) or
 * `failed` by the gateway. Nothing touches the ledger; the member is told once.
 */
export async function rejectDeposit(
  deps: { db: Db; realtime: RealtimeHub; now: Date },
  input: { depositId: number; reviewedBy: string; note?: string | undefined; status: 'rejected' | 'failed' },
): Promise<ResolveDepositResult> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [deposit] = await tx.select().from(depositRequests).where(eq(depositRequests.id, input.depositId)).for('update');
    if (!deposit) throw new AppError('NOT_FOUND');
    const channel = await findChannelById(tx, deposit.channelId);
    if (!channel) throw new AppError('NOT_FOUND');
    if (deposit.status === input.status) return { deposit, channel, isReplay: true, notification: null };
    if (deposit.status !== 'pending') throw new AppError('REQUEST_NOT_PENDING', { value: { status: deposit.status } });
    const [rejected] = await tx
      .update(depositRequests)
      .set({ status: input.status, reviewedBy: input.reviewedBy, reviewNote: input.note ?? null, resolvedAt: deps.now })
      .where(eq(depositRequests.id, deposit.id))
      .returning();
    const notification = await recordNotification(tx, {
      merchantId: deposit.merchantId,
      memberId: deposit.memberId,
      kind: 'deposit_failed',
      amount: deposit.amount,
      referenceId: deposit.id,
      now: deps.now,
    });
    return { deposit: rejected ?? deposit, channel, isReplay: false, notification };
  });
  await pushNotification(deps.db, deps.realtime, outcome.notification);
  return { deposit: outcome.deposit, channel: outcome.channel, isReplay: outcome.isReplay };
}
