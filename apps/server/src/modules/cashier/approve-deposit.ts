import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { creditDeposit, isClosedUnpaid } from './credit-deposit';
import { type ResolveDepositResult, resolveDeposit } from './resolve-deposit';

export type { ResolveDepositResult } from './resolve-deposit';

/**
 * Approves a deposit and credits the member once: an operator's review of a pending manual
 * deposit, or a gateway's signed `paid`. Approving again is a replay; a rejected deposit cannot
 * be approved.
 *
 * The gateway may pay an order it reported failed, or one the member cancelled or that expired:
 * its signature proves it took the member's money, and dropping that money because our clock
 * closed the order first would keep what the member paid. Such a late payment is credited and
 * marked `paidAfter` (the state it arrived in) for reconciliation.
 *
 * An operator cannot approve an online order: only the provider knows whether it was paid, and
 * the queue used to show unpaid orders (no reference) beside manual deposits, one click from
 * crediting money nobody sent (issue 12 item 3). markDepositPaid, with the provider's reference,
 * is the operator's way for a payment whose callback never came.
 */
export async function approveDeposit(
  deps: { db: Db; realtime: RealtimeHub; now: Date },
  input: {
    depositId: number;
    reviewedBy: string;
    note?: string | undefined;
    by: 'operator' | 'gateway';
    /** A payment provider's transaction id of the money (bKash trxID...), kept for refunds and reconciliation. */
    providerTransactionId?: string | undefined;
  },
): Promise<ResolveDepositResult> {
  return resolveDeposit(deps, input, {
    status: 'approved',
    notice: 'deposit_credited',
    isResolvable(deposit, channel) {
      if (input.by === 'operator') {
        if (channel.kind === 'gateway') throw new AppError('DEPOSIT_SETTLED_BY_GATEWAY', { value: { status: deposit.status } });
        return deposit.status === 'pending';
      }
      return deposit.status === 'pending' || deposit.status === 'failed' || isClosedUnpaid(deposit.status);
    },
    async apply(tx, deposit, channel) {
      const posted = await creditDeposit(tx, deposit, channel);
      return {
        ledgerTransferId: posted.transfer.id,
        ...(isClosedUnpaid(deposit.status) ? { paidAfter: deposit.status } : {}),
        ...(input.providerTransactionId ? { providerTransactionId: input.providerTransactionId } : {}),
      };
    },
  });
}
