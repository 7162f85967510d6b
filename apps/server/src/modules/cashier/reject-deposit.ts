import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { type ResolveDepositResult, resolveDeposit } from './resolve-deposit';

/**
 * Ends a pending deposit without credit: `rejected` by an operator (manual channels) or
 * `failed` by the gateway. Nothing touches the ledger; the member is told once. An operator does
 * not reject an online order: the member may be paying it at the provider right now, and that
 * payment would then meet a rejected order. Unpaid online orders expire or are cancelled instead.
 */
export async function rejectDeposit(
  deps: { db: Db; realtime: RealtimeHub; now: Date },
  input: { depositId: number; reviewedBy: string; note?: string | undefined; status: 'rejected' | 'failed' },
): Promise<ResolveDepositResult> {
  return resolveDeposit(deps, input, {
    status: input.status,
    notice: 'deposit_failed',
    isResolvable(deposit, channel) {
      if (input.status === 'rejected' && channel.kind === 'gateway') {
        throw new AppError('DEPOSIT_SETTLED_BY_GATEWAY', { value: { status: deposit.status } });
      }
      return deposit.status === 'pending';
    },
  });
}
