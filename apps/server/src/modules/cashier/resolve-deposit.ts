import type { NotificationKind } from '@kismat/contracts/cashier';
import { eq } from 'drizzle-orm';
import { depositRequests } from '../../db/schema/cashier';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { pushInboxMessage, sendInboxMessage } from '../inbox/index';
import { type DepositChannelRow, type DepositRow, findChannelById } from './deposit-queries';

export interface ResolveDepositResult {
  deposit: DepositRow;
  channel: DepositChannelRow;
  /** True when the deposit was already in the asked state: nothing moved this time. */
  isReplay: boolean;
}

/**
 * Moves a deposit to `status` once, under its row lock (racing reviews serialise; the loser
 * replays): `apply` does the ledger work and may set more columns; the member's notice is written
 * in the same transaction and pushed after commit. Only a pending deposit resolves unless
 * `isResolvable` widens that; any other state is REQUEST_NOT_PENDING.
 */
export async function resolveDeposit(
  deps: { db: Db; realtime: RealtimeHub; now: Date },
  input: { depositId: number; reviewedBy: string; note?: string | undefined },
  review: {
    status: 'approved' | 'rejected' | 'failed' | 'cancelled';
    /** The member's inbox notice; null when the member did it themselves. */
    notice: NotificationKind | null;
    /** May throw a more telling AppError than REQUEST_NOT_PENDING (the channel is known here). */
    isResolvable?: (deposit: DepositRow, channel: DepositChannelRow) => boolean;
    apply?: (tx: Tx, deposit: DepositRow, channel: DepositChannelRow) => Promise<Partial<typeof depositRequests.$inferInsert>>;
  },
): Promise<ResolveDepositResult> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [deposit] = await tx.select().from(depositRequests).where(eq(depositRequests.id, input.depositId)).for('update');
    if (!deposit) throw new AppError('NOT_FOUND');
    const channel = await findChannelById(tx, deposit.channelId);
    if (!channel) throw new AppError('NOT_FOUND');
    if (deposit.status === review.status) return { deposit, channel, isReplay: true, notification: null };
    const isResolvable = review.isResolvable?.(deposit, channel) ?? deposit.status === 'pending';
    if (!isResolvable) throw new AppError('REQUEST_NOT_PENDING', { value: { status: deposit.status } });
    const columns = (await review.apply?.(tx, deposit, channel)) ?? {};
    const [resolved] = await tx
      .update(depositRequests)
      .set({ status: review.status, ...columns, reviewedBy: input.reviewedBy, reviewNote: input.note ?? null, resolvedAt: deps.now })
      .where(eq(depositRequests.id, deposit.id))
      .returning();
    const notification = review.notice
      ? await sendInboxMessage(tx, {
          merchantId: deposit.merchantId,
          memberId: deposit.memberId,
          kind: review.notice,
          amount: deposit.amount,
          referenceId: deposit.id,
          // A rejection tells the member why (the reviewer's note), shown as plain text.
          reason: review.status === 'approved' ? null : (input.note ?? null),
          now: deps.now,
        })
      : null;
    return { deposit: resolved ?? deposit, channel, isReplay: false, notification };
  });
  await pushInboxMessage(deps.db, deps.realtime, outcome.notification);
  return { deposit: outcome.deposit, channel: outcome.channel, isReplay: outcome.isReplay };
}
