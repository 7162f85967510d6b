import { and, eq, gte, sql } from 'drizzle-orm';
import { memberTransfers } from '../../db/schema/cashier';
import type { MemberRow } from '../../platform/auth';
import { readCashierSettings, startOfBusinessDay } from '../../platform/cashier-settings';
import { columnsEqual } from '../../platform/columns-equal';
import { AppError } from '../../platform/errors';
import { isTrial } from '../../platform/policy';
import type { RequestContext } from '../../platform/request-context';
import { checkPaymentPassword, queueMemberWrites } from '../member/index';
import { assertNoBonusTurnoverLeft } from '../promotions/index';
import { chargeTransferIntoMember } from '../responsible-gambling/index';
import { ensureMemberAccounts, postTransfer } from '../wallet/index';
import { replayOf, requestHashOf } from './idempotency-key';

export type MemberTransferRow = typeof memberTransfers.$inferSelect;

export interface MoveMemberFundsInput {
  kind: 'downline' | 'upline';
  to: MemberRow;
  amount: bigint;
  paymentPassword: string;
  idempotencyKey: string;
}

/**
 * Cash from one member to another inside the tree (the callers check which direction is
 * allowed): payment password, per-transfer and daily limits, then one ledger transfer keyed
 * by the business row, so a retried request moves the money once.
 */
export async function moveMemberFunds(ctx: RequestContext, from: MemberRow, input: MoveMemberFundsInput): Promise<MemberTransferRow> {
  if (input.to.merchantId !== from.merchantId || input.to.status !== 'ACTIVE' || isTrial(input.to)) throw new AppError('NOT_IN_TEAM');
  await checkPaymentPassword(ctx, from, input.paymentPassword);
  const settings = readCashierSettings(ctx.merchant);
  if (input.amount < settings.transferMin || input.amount > settings.transferMax) throw new AppError('AMOUNT_OUT_OF_RANGE');
  const requestHash = requestHashOf({ kind: input.kind, to: input.to.id, amount: input.amount });

  return ctx.db.transaction(async (tx) => {
    await queueMemberWrites(tx, from.id);
    const [existing] = await tx
      .select()
      .from(memberTransfers)
      .where(columnsEqual(memberTransfers, { merchantId: ctx.merchant.id, fromMemberId: from.id, idempotencyKey: input.idempotencyKey }));
    if (existing) return replayOf(existing, requestHash);
    // Bonus money leaves through the tree only once its turnover is played (issue 14).
    await assertNoBonusTurnoverLeft(tx, { memberId: from.id, language: ctx.language });
    const [usage] = await tx
      .select({ amount: sql<string>`coalesce(sum(${memberTransfers.amount}), 0)::text` })
      .from(memberTransfers)
      .where(
        and(
          eq(memberTransfers.fromMemberId, from.id),
          gte(memberTransfers.createdAt, startOfBusinessDay(ctx.now, ctx.merchant.utcOffsetMinutes)),
        ),
      );
    if (BigInt(usage?.amount ?? '0') + input.amount > settings.transferDailyMaxAmount) throw new AppError('TRANSFER_LIMIT_REACHED');

    const currency = ctx.merchant.currency;
    const source = await ensureMemberAccounts(tx, { merchantId: ctx.merchant.id, memberId: from.id, currency });
    const target = await ensureMemberAccounts(tx, { merchantId: ctx.merchant.id, memberId: input.to.id, currency });
    const [row] = await tx
      .insert(memberTransfers)
      .values({
        merchantId: ctx.merchant.id,
        fromMemberId: from.id,
        toMemberId: input.to.id,
        kind: input.kind,
        amount: input.amount,
        idempotencyKey: input.idempotencyKey,
        requestHash,
        createdAt: ctx.now,
      })
      .returning();
    if (!row) throw new Error('member transfer insert returned nothing');
    const posted = await postTransfer(tx, {
      merchantId: ctx.merchant.id,
      idempotencyKey: `member-transfer:${row.id}`,
      type: input.kind === 'downline' ? 'transfer_downline' : 'transfer_upline',
      reference: { kind: 'member_transfer', id: String(row.id) },
      entries: [
        { accountId: source.cash.id, amount: -input.amount },
        { accountId: target.cash.id, amount: input.amount },
      ],
      description: input.kind === 'downline' ? `To downline ${input.to.username}` : `To upline ${input.to.username}`,
    });
    // Into an excluded member: refused; against the recipient's deposit limit: counted, refused if
    // it would cross (issue 17: the tree cannot bypass a limit). The sender learns only "restricted".
    await chargeTransferIntoMember(tx, { merchantId: ctx.merchant.id, memberId: input.to.id, amountMinor: input.amount, now: ctx.now });
    const [linked] = await tx
      .update(memberTransfers)
      .set({ ledgerTransferId: posted.transfer.id })
      .where(eq(memberTransfers.id, row.id))
      .returning();
    return linked ?? row;
  });
}
