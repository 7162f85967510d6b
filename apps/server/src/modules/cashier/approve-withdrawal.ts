import { eq } from 'drizzle-orm';
import { withdrawalRequests } from '../../db/schema/cashier';
import { merchants } from '../../db/schema/merchants';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { openAccount } from '../wallet/open-account';
import { postHold } from '../wallet/post-hold';
import { readCashierSettings } from './cashier-settings';
import { pushNotification, recordNotification } from './notify-member';
import type { WithdrawalRow } from './withdrawal-queries';

/**
 * An operator disbursed a withdrawal: the hold is posted (MEMBER_CASH -> CASHIER_CLEARING:bank)
 * and the member has until the merchant's timeout to confirm receipt. Approving again replays.
 */
export async function approveWithdrawal(
  deps: { db: Db; realtime: RealtimeHub; now: Date },
  input: { withdrawalId: number; reviewedBy: string; note?: string | undefined },
): Promise<{ withdrawal: WithdrawalRow; isReplay: boolean }> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [withdrawal] = await tx.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, input.withdrawalId)).for('update');
    if (!withdrawal) throw new AppError('NOT_FOUND');
    if (withdrawal.status === 'approved') return { withdrawal, isReplay: true, notification: null };
    if (withdrawal.status !== 'pending') throw new AppError('REQUEST_NOT_PENDING', { value: { status: withdrawal.status } });
    const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, withdrawal.merchantId));
    if (!merchant) throw new AppError('NOT_FOUND');
    const clearing = await openAccount(tx, {
      merchantId: merchant.id,
      code: 'CASHIER_CLEARING',
      subkey: 'bank',
      currency: merchant.currency,
    });
    await postHold(tx, {
      merchantId: merchant.id,
      holdId: withdrawal.holdId,
      credits: [{ accountId: clearing.id, amount: withdrawal.amount }],
      type: 'withdrawal_paid',
      reference: { kind: 'withdrawal', id: String(withdrawal.id) },
      description: 'Withdrawal paid',
    });
    const timeoutMinutes = readCashierSettings(merchant).withdrawConfirmTimeoutMinutes;
    const [approved] = await tx
      .update(withdrawalRequests)
      .set({
        status: 'approved',
        confirmation: 'awaiting',
        confirmDeadline: new Date(deps.now.getTime() + timeoutMinutes * 60_000),
        reviewedBy: input.reviewedBy,
        reviewNote: input.note ?? null,
        resolvedAt: deps.now,
      })
      .where(eq(withdrawalRequests.id, withdrawal.id))
      .returning();
    const notification = await recordNotification(tx, {
      merchantId: withdrawal.merchantId,
      memberId: withdrawal.memberId,
      kind: 'withdrawal_approved',
      amount: withdrawal.amount,
      referenceId: withdrawal.id,
      now: deps.now,
    });
    return { withdrawal: approved ?? withdrawal, isReplay: false, notification };
  });
  await pushNotification(deps.db, deps.realtime, outcome.notification);
  return { withdrawal: outcome.withdrawal, isReplay: outcome.isReplay };
}
