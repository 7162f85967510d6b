import { withdrawalRequests } from '../../db/schema/cashier';
import type { MemberRow } from '../../platform/auth';
import { readCashierSettings, startOfBusinessDay } from '../../platform/cashier-settings';
import { columnsEqual } from '../../platform/columns-equal';
import { AppError } from '../../platform/errors';
import type { CashierContext } from '../../platform/request-context';
import { checkPaymentPassword, queueMemberWrites } from '../member/index';
import { checkWithdrawalTurnover } from '../promotions/index';
import { findConfirmedBankAccount } from '../security/index';
import { getVipWithdrawalLimits } from '../vip/index';
import { createHold, ensureMemberAccounts } from '../wallet/index';
import { replayOf, requestHashOf } from './idempotency-key';
import { type WithdrawalRow, withdrawalUsageSince } from './withdrawal-queries';

export interface CreateWithdrawalInput {
  bankAccountId: number;
  amount: bigint;
  paymentPassword: string;
  idempotencyKey: string;
}

/**
 * A member asks to withdraw to a bound bank account: payment password, amount and daily
 * limits are checked and the amount is held on the cash account until an operator approves
 * (the hold is posted) or rejects (the hold is voided). A retried request returns the first.
 */
export async function createWithdrawal(ctx: CashierContext, member: MemberRow, input: CreateWithdrawalInput): Promise<WithdrawalRow> {
  await checkPaymentPassword(ctx, member, input.paymentPassword);
  const bank = await findConfirmedBankAccount(ctx.db, member.id, input.bankAccountId);
  if (!bank) throw new AppError('BANK_ACCOUNT_REQUIRED');
  const settings = readCashierSettings(ctx.merchant);
  if (input.amount < settings.withdrawMin || input.amount > settings.withdrawMax) throw new AppError('AMOUNT_OUT_OF_RANGE');
  const requestHash = requestHashOf({ bankAccountId: bank.id, amount: input.amount });

  return ctx.db.transaction(async (tx) => {
    await queueMemberWrites(tx, member.id);
    const [existing] = await tx
      .select()
      .from(withdrawalRequests)
      .where(columnsEqual(withdrawalRequests, { merchantId: ctx.merchant.id, memberId: member.id, idempotencyKey: input.idempotencyKey }));
    if (existing) return replayOf(existing, requestHash);
    // Bonus turnover (issue 14): the member's settled play counts first, then any turnover left refuses.
    await checkWithdrawalTurnover(tx, { memberId: member.id, now: ctx.now, language: ctx.language, drainFacts: ctx.drainFacts });
    const usage = await withdrawalUsageSince(tx, member.id, startOfBusinessDay(ctx.now, ctx.merchant.utcOffsetMinutes));
    // A VIP level's daily limits replace the merchant's (levels are how an operator raises them).
    const vip = await getVipWithdrawalLimits(tx, member.id);
    const dailyMaxCount = vip?.dailyCount ?? settings.withdrawDailyMaxCount;
    const dailyMaxAmount = vip?.dailyAmount ?? settings.withdrawDailyMaxAmount;
    if (usage.count + 1 > dailyMaxCount || usage.amount + input.amount > dailyMaxAmount) {
      throw new AppError('WITHDRAWAL_LIMIT_REACHED');
    }
    const accounts = await ensureMemberAccounts(tx, { merchantId: ctx.merchant.id, memberId: member.id, currency: ctx.merchant.currency });
    const { hold } = await createHold(tx, {
      merchantId: ctx.merchant.id,
      accountId: accounts.cash.id,
      amount: input.amount,
      idempotencyKey: `withdrawal:${member.id}:${input.idempotencyKey}`,
      type: 'withdrawal_hold',
      reference: { kind: 'member', id: String(member.id) },
      description: 'Withdrawal',
    });
    const [created] = await tx
      .insert(withdrawalRequests)
      .values({
        merchantId: ctx.merchant.id,
        memberId: member.id,
        bankAccountId: bank.id,
        amount: input.amount,
        holdId: hold.id,
        idempotencyKey: input.idempotencyKey,
        requestHash,
        createdAt: ctx.now,
      })
      .returning();
    if (!created) throw new Error('withdrawal insert returned nothing');
    return created;
  });
}
