import { eq } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import { providerPayouts } from '../../db/schema/payment-providers';
import { readCashierSettings } from '../../platform/cashier-settings';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { recordWithdrawalFact } from '../facts/index';
import { findBankAccountById } from '../security/index';
import { openAccount, postHold } from '../wallet/index';
import { findPayoutChannel } from './provider-payout-queries';
import { providerOf } from './provider-registry';
import { resolveWithdrawal } from './resolve-withdrawal';
import { sendProviderPayout } from './send-provider-payout';
import type { WithdrawalRow } from './withdrawal-queries';

/**
 * An operator disbursed a withdrawal: the hold is posted (MEMBER_CASH -> CASHIER_CLEARING:bank)
 * and the member has until the merchant's timeout to confirm receipt. Approving again replays.
 * The approval records the withdrawal's fact (modules/facts, kind WITHDRAWAL: the agent report
 * rollups count it by its resolution time) in the same transaction; `apply` runs only on the
 * pending -> approved transition, so a replayed approval records nothing.
 *
 * When the merchant pays that kind of account through a provider (a channel with payouts enabled
 * for the account's bank name, provider-payout-queries.ts), the approval records the payout in
 * the same transaction and sends it after commit (send-provider-payout.ts): the provider's result
 * is the receipt, and a failed payout gives the money back once (apply-provider-payout.ts).
 */
export async function approveWithdrawal(
  deps: { db: Db; realtime: RealtimeHub; now: Date },
  input: { withdrawalId: number; reviewedBy: string; note?: string | undefined },
): Promise<{ withdrawal: WithdrawalRow; isReplay: boolean }> {
  let payoutId: number | null = null;
  const result = await resolveWithdrawal(deps, input, {
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
      // resolveWithdrawal sets resolvedAt = deps.now: the hour the raw read buckets it by too.
      await recordWithdrawalFact(tx, {
        merchantId: merchant.id,
        memberId: withdrawal.memberId,
        sourceId: withdrawal.id,
        amount: withdrawal.amount,
        occurredAt: deps.now,
      });
      const bank = await findBankAccountById(tx, withdrawal.bankAccountId);
      const channel = bank ? await findPayoutChannel(tx, merchant.id, bank.bankName) : null;
      if (bank && channel && providerOf(channel.provider)?.supportsPayouts) {
        const [payout] = await tx
          .insert(providerPayouts)
          .values({
            merchantId: merchant.id,
            withdrawalId: withdrawal.id,
            channelId: channel.id,
            provider: channel.provider ?? '',
            amount: withdrawal.amount,
            receiver: bank.accountNumber,
            createdAt: deps.now,
            updatedAt: deps.now,
          })
          .returning();
        payoutId = payout?.id ?? null;
        // The provider's result is the receipt: the member is not asked to confirm.
        return { confirmation: null, confirmDeadline: null };
      }
      const timeoutMinutes = readCashierSettings(merchant).withdrawConfirmTimeoutMinutes;
      return { confirmation: 'awaiting', confirmDeadline: new Date(deps.now.getTime() + timeoutMinutes * 60_000) };
    },
  });
  if (payoutId !== null) await sendProviderPayout(deps, payoutId);
  return result;
}
