import { and, eq, ne, sql } from 'drizzle-orm';
import { depositRequests } from '../../db/schema/cashier';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { creditDeposit, isClosedUnpaid } from './credit-deposit';
import { type ResolveDepositResult, resolveDeposit } from './resolve-deposit';

/**
 * An operator credits an online order whose payment the provider took but never reported (a
 * lost callback), after finding it in the provider's own records: the provider's payment
 * reference is required and stored on the deposit. Without one, an unpaid order could be
 * credited with one click, as the old queue allowed (issue 12 item 3). The order may be pending,
 * failed, cancelled or expired (a closed one is marked `paidAfter`); a reference already on
 * another approved deposit of the channel is refused, so one payment is not credited twice by
 * two orders. Credits once: a signed `paid` arriving later replays.
 */
export async function markDepositPaid(
  deps: { db: Db; realtime: RealtimeHub; now: Date },
  input: { depositId: number; reviewedBy: string; reference: string; note: string },
): Promise<ResolveDepositResult> {
  return resolveDeposit(deps, input, {
    status: 'approved',
    notice: 'deposit_credited',
    isResolvable(deposit, channel) {
      if (channel.kind !== 'gateway') throw new AppError('BAD_REQUEST', { value: { reason: 'manual_deposit_use_approve' } });
      return deposit.status === 'pending' || deposit.status === 'failed' || isClosedUnpaid(deposit.status);
    },
    async apply(tx, deposit, channel) {
      // Two operators marking two orders with one reference at once: the second waits here, then sees the first.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`deposit-reference:${channel.id}:${input.reference}`}, 0))`);
      const [used] = await tx
        .select({ id: depositRequests.id })
        .from(depositRequests)
        .where(
          and(
            eq(depositRequests.channelId, channel.id),
            eq(depositRequests.reference, input.reference),
            eq(depositRequests.status, 'approved'),
            ne(depositRequests.id, deposit.id),
          ),
        )
        .limit(1);
      if (used) throw new AppError('CONFLICT', { value: { reason: 'reference_already_credited', depositId: used.id } });
      const posted = await creditDeposit(tx, deposit, channel);
      return {
        ledgerTransferId: posted.transfer.id,
        reference: input.reference,
        ...(isClosedUnpaid(deposit.status) ? { paidAfter: deposit.status } : {}),
      };
    },
  });
}
