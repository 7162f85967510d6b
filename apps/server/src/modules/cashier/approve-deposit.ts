import { eq } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { creditDeposit } from './credit-deposit';
import { type ResolveDepositResult, resolveDeposit } from './resolve-deposit';

export type { ResolveDepositResult } from './resolve-deposit';

/**
 * Approves a pending deposit (operator, or a gateway's paid callback): credits the member once
 * and notifies them. Approving again is a replay; a rejected deposit cannot be approved, but
 * a failed gateway deposit can (the provider reported the payment after all).
 */
export async function approveDeposit(
  deps: { db: Db; realtime: RealtimeHub; now: Date },
  input: { depositId: number; reviewedBy: string; note?: string | undefined; allowFailed?: boolean },
): Promise<ResolveDepositResult> {
  return resolveDeposit(deps, input, {
    status: 'approved',
    notice: 'deposit_credited',
    isResolvable: (deposit) => deposit.status === 'pending' || (deposit.status === 'failed' && input.allowFailed === true),
    async apply(tx, deposit, channel) {
      const [merchant] = await tx.select({ currency: merchants.currency }).from(merchants).where(eq(merchants.id, deposit.merchantId));
      if (!merchant) throw new AppError('NOT_FOUND');
      const posted = await creditDeposit(tx, deposit, channel, merchant.currency);
      return { ledgerTransferId: posted.transfer.id };
    },
  });
}
