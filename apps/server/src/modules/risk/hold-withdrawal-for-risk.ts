import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { countOpenRiskFlags } from './list-risk-flags';

/**
 * A flagged member's withdrawals are held for review (issue 19): an approval is refused while
 * one of the member's HIGH flags (a device, bank account or phone shared with another account)
 * is OPEN; the operator reviews it on the Risk page first (dismissing a false alarm releases the
 * hold). MEDIUM and LOW flags wait in the queue without holding money: a shared IP or a quick
 * withdrawal alone is too common to stop every payout on (docs/risk.md).
 */
export async function assertNoOpenRiskFlags(db: DbOrTx, memberId: number): Promise<void> {
  const open = await countOpenRiskFlags(db, memberId, 'HIGH');
  if (open > 0) throw new AppError('RISK_REVIEW_PENDING', { value: { openFlags: open } });
}
