import { gatewayCallbacks } from '../../db/schema/cashier';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { approveDeposit } from './approve-deposit';
import { isClosedUnpaid } from './credit-deposit';
import type { DepositRow } from './deposit-queries';
import type { ProviderPaymentStatus } from './payment-provider';
import { rejectDeposit } from './reject-deposit';

/**
 * Applies a provider's VERIFIED word about a deposit (from its callback or a status query) once.
 * `paid` credits through approveDeposit (ledger key `deposit:<id>`: a duplicate callback, a
 * callback racing the sweep's query, a replay days later all credit once); `failed` ends a
 * pending order and changes nothing after a credit (an out-of-order `failed` behind a `paid`);
 * `pending` changes nothing. A status about another payment or another amount is refused: a
 * valid confirmation of a cheaper payment must never credit a dearer order.
 */
export async function applyProviderPayment(
  deps: { db: Db; realtime: RealtimeHub; now: Date },
  input: { provider: string; deposit: DepositRow; status: ProviderPaymentStatus },
): Promise<{ status: string; isReplay: boolean }> {
  const { deposit, status: event } = input;
  if (event.providerPaymentId !== deposit.gatewayTransactionId) throw new AppError('CONFLICT', { value: { reason: 'payment_mismatch' } });
  if (event.status === 'paid' && event.amount !== deposit.amount) throw new AppError('CONFLICT', { value: { reason: 'payment_mismatch' } });

  let result: { status: string; isReplay: boolean };
  if (event.status === 'paid') {
    const approved = await approveDeposit(deps, {
      depositId: deposit.id,
      reviewedBy: `gateway:${input.provider}`,
      by: 'gateway',
      providerTransactionId: event.providerTransactionId,
    });
    result = { status: approved.deposit.status, isReplay: approved.isReplay };
  } else if (event.status === 'pending' || deposit.status === 'approved' || isClosedUnpaid(deposit.status)) {
    result = { status: deposit.status, isReplay: true };
  } else {
    const failed = await rejectDeposit(deps, {
      depositId: deposit.id,
      reviewedBy: `gateway:${input.provider}`,
      status: 'failed',
      note: event.failureCode,
    });
    result = { status: failed.deposit.status, isReplay: failed.isReplay };
  }
  if (event.status !== 'pending') {
    // The log of what arrived, after processing: a crash mid-way lets the provider's retry through.
    await deps.db
      .insert(gatewayCallbacks)
      .values({
        provider: input.provider,
        eventId: event.eventId,
        depositId: deposit.id,
        status: event.status,
        outcome: result.status,
        createdAt: deps.now,
      })
      .onConflictDoNothing();
  }
  return result;
}
