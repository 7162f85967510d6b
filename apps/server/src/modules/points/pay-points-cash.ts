import type { Tx } from '../../platform/db';
import { ensureMemberAccounts, openAccount, postTransfer } from '../wallet/index';

/**
 * Cash a redemption pays (a converted amount, an approved cash voucher): LOYALTY_EXPENSE ->
 * MEMBER_CASH, keyed by the redemption, so however often it is attempted it is paid once.
 */
export async function payPointsCash(
  tx: Tx,
  input: { merchantId: number; currency: string; memberId: number; redemptionId: number; amount: bigint; description: string },
): Promise<number> {
  const accounts = await ensureMemberAccounts(tx, { merchantId: input.merchantId, memberId: input.memberId, currency: input.currency });
  const expense = await openAccount(tx, { merchantId: input.merchantId, code: 'LOYALTY_EXPENSE', currency: input.currency });
  const posted = await postTransfer(tx, {
    merchantId: input.merchantId,
    idempotencyKey: `points:redemption:${input.redemptionId}`,
    type: 'points_redeem',
    reference: { kind: 'points_redemption', id: String(input.redemptionId) },
    entries: [
      { accountId: expense.id, amount: -input.amount },
      { accountId: accounts.cash.id, amount: input.amount },
    ],
    description: input.description,
  });
  return posted.transfer.id;
}
