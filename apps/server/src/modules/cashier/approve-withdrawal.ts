import { eq } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import { readCashierSettings } from '../../platform/cashier-settings';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { openAccount, postHold } from '../wallet/index';
import { resolveWithdrawal } from './resolve-withdrawal';
import type { WithdrawalRow } from './withdrawal-queries';

/**
 * An operator disbursed a withdrawal: the hold is posted (MEMBER_CASH -> CASHIER_CLEARING:bank)
 * and the member has until the merchant's timeout to confirm receipt. Approving again replays.
 */
export async function approveWithdrawal(
  deps: { db: Db; realtime: RealtimeHub; now: Date },
  input: { withdrawalId: number; reviewedBy: string; note?: string | undefined },
): Promise<{ withdrawal: WithdrawalRow; isReplay: boolean }> {
  return resolveWithdrawal(deps, input, {
    status: 'approved',
    notice: 'withdrawal_approved',
    async apply(tx, withdrawal) {
      const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, withdrawal.merchantId));
      if (!merchant) throw new AppError('NOT_FOUND');
      const clearing = await openAccount(tx, {
        merchantId: merchant.id,
        code: 'CASHIER_CLEARING',
        subkey: 'bank',
        currency: merchant.currency,
      });
      await postHold(tx, {
        merchantId: merchant.id,
        holdId: withdrawal.holdId,
        credits: [{ accountId: clearing.id, amount: withdrawal.amount }],
        type: 'withdrawal_paid',
        reference: { kind: 'withdrawal', id: String(withdrawal.id) },
        description: 'Withdrawal paid',
      });
      const timeoutMinutes = readCashierSettings(merchant).withdrawConfirmTimeoutMinutes;
      return { confirmation: 'awaiting', confirmDeadline: new Date(deps.now.getTime() + timeoutMinutes * 60_000) };
    },
  });
}
