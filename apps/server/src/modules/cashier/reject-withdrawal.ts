import { eq } from 'drizzle-orm';
import { withdrawalRequests } from '../../db/schema/cashier';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { voidHold } from '../wallet/void-hold';
import { pushNotification, recordNotification } from './notify-member';
import type { WithdrawalRow } from './withdrawal-queries';

/** An operator refused a withdrawal: the hold is voided, so the whole amount is available again. Rejecting again replays. */
export async function rejectWithdrawal(
  deps: { db: Db; realtime: RealtimeHub; now: Date },
  input: { withdrawalId: number; reviewedBy: string; note?: string | undefined },
): Promise<{ withdrawal: WithdrawalRow; isReplay: boolean }> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [withdrawal] = await tx.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, input.withdrawalId)).for('update');
    if (!withdrawal) throw new AppError('NOT_FOUND');
    if (withdrawal.status === 'rejected') return { withdrawal, isReplay: true, notification: null };
    if (withdrawal.status !== 'pending') throw new AppError('REQUEST_NOT_PENDING', { value: { status: withdrawal.status } });
    await voidHold(tx, { merchantId: withdrawal.merchantId, holdId: withdrawal.holdId, reason: input.note ?? 'rejected' }, () => deps.now);
    const [rejected] = await tx
      .update(withdrawalRequests)
      .set({ status: 'rejected', reviewedBy: input.reviewedBy, reviewNote: input.note ?? null, resolvedAt: deps.now })
      .where(eq(withdrawalRequests.id, withdrawal.id))
      .returning();
    const notification = await recordNotification(tx, {
      merchantId: withdrawal.merchantId,
      memberId: withdrawal.memberId,
      kind: 'withdrawal_rejected',
      amount: withdrawal.amount,
      referenceId: withdrawal.id,
      now: deps.now,
    });
    return { withdrawal: rejected ?? withdrawal, isReplay: false, notification };
  });
  await pushNotification(deps.db, deps.realtime, outcome.notification);
  return { withdrawal: outcome.withdrawal, isReplay: outcome.isReplay };
}
