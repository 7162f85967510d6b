import type { NotificationKind } from '@kismat/contracts/cashier';
import { eq } from 'drizzle-orm';
import { withdrawalRequests } from '../../db/schema/cashier';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { pushInboxMessage, sendInboxMessage } from '../inbox/index';
import type { WithdrawalRow } from './withdrawal-queries';

/**
 * Moves a pending withdrawal to `status` once, under its row lock: `apply` does the ledger work
 * and may set more columns; the member's notice is written in the same transaction and pushed
 * after commit. A withdrawal already in `status` replays; any other state is REQUEST_NOT_PENDING.
 */
export async function resolveWithdrawal(
  deps: { db: Db; realtime: RealtimeHub; now: Date },
  input: { withdrawalId: number; reviewedBy: string; note?: string | undefined },
  review: {
    status: 'approved' | 'rejected';
    notice: NotificationKind;
    apply: (tx: Tx, withdrawal: WithdrawalRow) => Promise<Partial<typeof withdrawalRequests.$inferInsert>>;
  },
): Promise<{ withdrawal: WithdrawalRow; isReplay: boolean }> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [withdrawal] = await tx.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, input.withdrawalId)).for('update');
    if (!withdrawal) throw new AppError('NOT_FOUND');
    if (withdrawal.status === review.status) return { withdrawal, isReplay: true, notification: null };
    if (withdrawal.status !== 'pending') throw new AppError('REQUEST_NOT_PENDING', { value: { status: withdrawal.status } });
    const columns = await review.apply(tx, withdrawal);
    const [resolved] = await tx
      .update(withdrawalRequests)
      .set({ status: review.status, ...columns, reviewedBy: input.reviewedBy, reviewNote: input.note ?? null, resolvedAt: deps.now })
      .where(eq(withdrawalRequests.id, withdrawal.id))
      .returning();
    const notification = await sendInboxMessage(tx, {
      merchantId: withdrawal.merchantId,
      memberId: withdrawal.memberId,
      kind: review.notice,
      amount: withdrawal.amount,
      referenceId: withdrawal.id,
      // A rejection tells the member why (the reviewer's note), shown as plain text.
      reason: review.status === 'approved' ? null : (input.note ?? null),
      now: deps.now,
    });
    return { withdrawal: resolved ?? withdrawal, isReplay: false, notification };
  });
  await pushInboxMessage(deps.db, deps.realtime, outcome.notification);
  return { withdrawal: outcome.withdrawal, isReplay: outcome.isReplay };
}
