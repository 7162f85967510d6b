import type { Db } from '../../platform/db';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { type ResolveDepositResult, resolveDeposit } from './resolve-deposit';

/**
 * Ends a pending deposit without credit: `rejected` by an operator (manual channels) or
 * `failed` by the gateway. Nothing touches the ledger; the member is told once.
 */
export async function rejectDeposit(
  deps: { db: Db; realtime: RealtimeHub; now: Date },
  input: { depositId: number; reviewedBy: string; note?: string | undefined; status: 'rejected' | 'failed' },
): Promise<ResolveDepositResult> {
  return resolveDeposit(deps, input, { status: input.status, notice: 'deposit_failed' });
}
