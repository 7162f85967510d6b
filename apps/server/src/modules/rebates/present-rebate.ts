import type { RebateCategory, RebateClaimValue } from '@kismat/contracts/rebates';
import { formatAmount } from '@kismat/contracts/wallet';
import type { RebateClaimRow } from '../../db/schema/rebates';

/** A claim as the member and the operator see it; the turnover is 1x the rebate. */
export function presentRebateClaim(claim: RebateClaimRow): RebateClaimValue {
  return {
    claimId: claim.id,
    kind: claim.kind,
    amount: formatAmount(claim.amount),
    breakdown: Object.entries(claim.breakdown).map(([category, amount]) => ({
      category: category as RebateCategory,
      amount: formatAmount(BigInt(amount)),
    })),
    turnoverRequired: formatAmount(claim.amount),
    createdAt: claim.createdAt.toISOString(),
  };
}
