import type { Tx } from '../../platform/db';
import { chargeResponsibleGambling } from '../responsible-gambling/index';
import type { LockedLegs } from '../wallet/index';
import type { PreparedVendorBet } from './place-vendor-bet';
import type { PreparedVendorWin } from './settle-vendor-win';
import type { VendorError } from './vendor-error';
import { vendorErrorOfLimit } from './vendor-transactions';

/** A live call of the group commit (settle-vendor-batch.ts's slot). */
interface BatchSlot {
  call: PreparedVendorBet | PreparedVendorWin;
}

/**
 * Responsible gambling (issue 17) per call inside the batch: the lock statement (lockKnown) locked
 * the rg_state rows of the batch's players (member id order, after the cash rows) and named them in
 * `tracked`; only their real-money calls are charged, member by member, in arrival order. A refused
 * bet leaves the batch with the vendor's limit status (RS_ERROR_LIMIT_REACHED, or
 * RS_ERROR_USER_DISABLED when excluded) and its amount goes back to the walk of the cash row;
 * wins are counted, never refused. A batch without such players costs nothing here.
 */
export async function chargeBatchLimits<S extends BatchSlot>(
  tx: Tx,
  slots: readonly S[],
  batch: { locks: LockedLegs; tracked: ReadonlySet<number>; refuse: (slot: S, error: VendorError) => void },
): Promise<void> {
  if (batch.tracked.size === 0) return;
  const ordered = slots.filter(({ call }) => !call.session.isTrial && call.amount > 0n && batch.tracked.has(call.session.memberId));
  // Stable: a member's calls keep their arrival order.
  ordered.sort((left, right) => left.call.session.memberId - right.call.session.memberId);
  for (const slot of ordered) {
    const { call } = slot;
    try {
      await chargeResponsibleGambling(tx, {
        merchantId: call.session.merchantId,
        memberId: call.session.memberId,
        ...(call.kind === 'BET' ? { stakeMinor: call.amount } : { winMinor: call.amount, mode: 'COUNT' as const }),
        now: call.call.now,
      });
    } catch (error) {
      const refusal = vendorErrorOfLimit(error);
      if (!refusal) throw error;
      batch.locks.tryMove(call.session.cashAccountId, call.amount);
      batch.refuse(slot, refusal);
    }
  }
}
