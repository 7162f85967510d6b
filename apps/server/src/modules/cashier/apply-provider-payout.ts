import { eq } from 'drizzle-orm';
import { withdrawalRequests } from '../../db/schema/cashier';
import { merchants } from '../../db/schema/merchants';
import { providerPayouts } from '../../db/schema/payment-providers';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { ensureMemberAccounts, openAccount, postTransfer } from '../wallet/index';
import type { ProviderPayoutStatus } from './payment-provider';
import type { ProviderPayoutRow } from './provider-payout-queries';

/**
 * Applies a provider's VERIFIED word about a payout once, under the payout's row lock.
 *
 * The withdrawal's hold was posted at approval (MEMBER_CASH -> CASHIER_CLEARING:bank). `paid`
 * closes it: the member's receipt is the provider's (confirmation `received`). `failed` gives the
 * money back: CASHIER_CLEARING:bank -> MEMBER_CASH under the ledger key
 * `withdrawal-payout-reversal:<withdrawal>`, so a duplicate failure callback, a failure seen by
 * the sweep and the callback together, or a retry after a crash reverse once. A settled payout
 * never changes again: a `paid` after a `failed` (the money went back already) or a `failed`
 * after a `paid` is kept out of the ledger and left to reconciliation.
 */
export async function applyProviderPayout(
  deps: { db: Db; realtime: RealtimeHub; now: Date },
  input: { payoutId: number; status: ProviderPayoutStatus },
): Promise<{ payout: ProviderPayoutRow; isReplay: boolean }> {
  const event = input.status;
  return deps.db.transaction(async (tx) => {
    const [payout] = await tx.select().from(providerPayouts).where(eq(providerPayouts.id, input.payoutId)).for('update');
    if (!payout) throw new AppError('NOT_FOUND');
    if (event.providerPayoutId && payout.providerPayoutId && event.providerPayoutId !== payout.providerPayoutId) {
      throw new AppError('CONFLICT', { value: { reason: 'payment_mismatch' } });
    }
    if (payout.status === 'paid' || payout.status === 'failed') return { payout, isReplay: true };
    const providerPayoutId = payout.providerPayoutId ?? event.providerPayoutId ?? null;
    if (event.status === 'sent') {
      if (payout.status === 'sent' && payout.providerPayoutId === providerPayoutId) return { payout, isReplay: true };
      const [sent] = await tx
        .update(providerPayouts)
        .set({ status: 'sent', providerPayoutId, updatedAt: deps.now })
        .where(eq(providerPayouts.id, payout.id))
        .returning();
      return { payout: sent ?? payout, isReplay: false };
    }
    // Paid or failed is final: the payout row settled and the withdrawal's confirmation set together.
    const settle = async (
      outcome: Partial<typeof providerPayouts.$inferInsert>,
      confirmation: Partial<typeof withdrawalRequests.$inferInsert>,
    ) => {
      const [settled] = await tx
        .update(providerPayouts)
        .set({ ...outcome, providerPayoutId, updatedAt: deps.now, settledAt: deps.now })
        .where(eq(providerPayouts.id, payout.id))
        .returning();
      await tx.update(withdrawalRequests).set(confirmation).where(eq(withdrawalRequests.id, payout.withdrawalId));
      return { payout: settled ?? payout, isReplay: false };
    };
    if (event.status === 'paid') {
      return await settle(
        { status: 'paid', providerTransactionId: event.providerTransactionId ?? null },
        { confirmation: 'received', receivedAmount: payout.amount, confirmedAt: deps.now, confirmDeadline: null },
      );
    }
    const [withdrawal] = await tx.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, payout.withdrawalId));
    const [merchant] = await tx.select({ currency: merchants.currency }).from(merchants).where(eq(merchants.id, payout.merchantId));
    if (!withdrawal || !merchant) throw new AppError('NOT_FOUND');
    const accounts = await ensureMemberAccounts(tx, {
      merchantId: payout.merchantId,
      memberId: withdrawal.memberId,
      currency: merchant.currency,
    });
    const clearing = await openAccount(tx, {
      merchantId: payout.merchantId,
      code: 'CASHIER_CLEARING',
      subkey: 'bank',
      currency: merchant.currency,
    });
    const posted = await postTransfer(tx, {
      merchantId: payout.merchantId,
      idempotencyKey: `withdrawal-payout-reversal:${payout.withdrawalId}`,
      type: 'withdrawal_returned',
      reference: { kind: 'withdrawal', id: String(payout.withdrawalId) },
      entries: [
        { accountId: clearing.id, amount: -payout.amount },
        { accountId: accounts.cash.id, amount: payout.amount },
      ],
      description: `Payout failed (${payout.provider} ${event.failureCode ?? 'error'}): returned`,
    });
    // Nothing for the member to confirm: the money is back on their balance.
    return await settle(
      { status: 'failed', failureCode: event.failureCode ?? null, reversalTransferId: posted.transfer.id },
      { confirmation: null, confirmDeadline: null },
    );
  });
}
