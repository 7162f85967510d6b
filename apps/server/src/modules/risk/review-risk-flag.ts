import type { ReviewRiskFlagBody, RiskFlagValue } from '@kismat/contracts/risk-admin';
import { eq } from 'drizzle-orm';
import { riskFlags } from '../../db/schema/risk';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockMerchantRow } from '../../platform/lock-merchant-row';
import { presentRiskFlag } from './list-risk-flags';

/**
 * An operator's review of one flag: CONFIRMED (abuse: act on the account from the member page)
 * or DISMISSED (a false alarm), with a note, audited in the same transaction. A flag is
 * reviewed once: a second review (another operator at the same moment) is refused, not
 * overwritten, so the audit trail shows who decided.
 */
export async function reviewRiskFlag(
  db: Db,
  input: { merchantId: number; id: number; body: ReviewRiskFlagBody; reviewedBy: string; now: Date },
  audit: (tx: DbOrTx, flag: { before: string; after: string; memberId: number }) => Promise<void>,
): Promise<Omit<RiskFlagValue, 'username'>> {
  return db.transaction(async (tx) => {
    const flag = await lockMerchantRow(tx, riskFlags, input.merchantId, input.id);
    if (flag.status !== 'OPEN') throw new AppError('RISK_FLAG_REVIEWED');
    const [reviewed] = await tx
      .update(riskFlags)
      .set({ status: input.body.outcome, reviewNote: input.body.note, reviewedBy: input.reviewedBy, reviewedAt: input.now })
      .where(eq(riskFlags.id, flag.id))
      .returning();
    if (!reviewed) throw new Error('risk flag update returned nothing');
    await audit(tx, { before: flag.status, after: reviewed.status, memberId: reviewed.memberId });
    return presentRiskFlag(reviewed);
  });
}
