import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { chargeResponsibleGambling, isResponsibleGamblingRefusal } from './charge-responsible-gambling';

/**
 * Money moved into a member by someone else in the agent tree (an agent's transfer to a
 * downline, a member's own move between accounts): refused while the member is excluded, and
 * counted as a deposit against a deposit limit (refused if it would cross), so the tree cannot
 * be used to bypass one. The sender sees only RG_RECIPIENT_RESTRICTED, never which rule.
 * Call it in the transfer's transaction.
 */
export async function chargeTransferIntoMember(
  tx: DbOrTx,
  input: { merchantId: number; memberId: number; amountMinor: bigint; now: Date; isTrial?: boolean },
): Promise<void> {
  try {
    await chargeResponsibleGambling(tx, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      depositMinor: input.amountMinor,
      isTrial: input.isTrial ?? false,
      now: input.now,
    });
  } catch (error) {
    if (isResponsibleGamblingRefusal(error)) throw new AppError('RG_RECIPIENT_RESTRICTED');
    throw error;
  }
}
