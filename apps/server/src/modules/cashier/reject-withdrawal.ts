import type { Db } from '../../platform/db';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { voidHold } from '../wallet/index';
import { resolveWithdrawal } from './resolve-withdrawal';
import type { WithdrawalRow } from './withdrawal-queries';

/** An operator refused a withdrawal: the hold is voided, so the whole amount is available again. Rejecting again replays. */
export async function rejectWithdrawal(
  deps: { db: Db; realtime: RealtimeHub; now: Date },
  input: { withdrawalId: number; reviewedBy: string; note?: string | undefined },
): Promise<{ withdrawal: WithdrawalRow; isReplay: boolean }> {
  return resolveWithdrawal(deps, input, {
    status: 'rejected',
    notice: 'withdrawal_rejected',
    async apply(tx, withdrawal) {
      await voidHold(
        tx,
        { merchantId: withdrawal.merchantId, holdId: withdrawal.holdId, reason: input.note ?? 'rejected' },
        () => deps.now,
      );
      return {};
    },
  });
}
