import { parseLanguage } from '@kismat/contracts/languages';
import { and, eq } from 'drizzle-orm';
import { type AgentBillRow, agentContractBills } from '../../db/schema/agent';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { AgentContext } from '../../platform/request-context';
import { checkPaymentPassword, findUsername } from '../member/index';
import { collectFromUpline, creditedUnderKey, openAccount, postTransfer } from '../wallet/index';

export interface BillPayment {
  bill: AgentBillRow;
  payeeUsername: string;
  /** Moved by this request; a replay answers what the first request with the key moved. */
  paidNow: bigint;
  isReplay: boolean;
}

/**
 * The ledger key of a "pay now": the bill and the payer's own key, so a retried request (lost
 * answer, double tap) finds its first payment instead of paying again.
 */
export function payNowTransferKey(billId: number, idempotencyKey: string): string {
  return `agent-bill-now:${billId}:${idempotencyKey}`;
}

/**
 * The payer of a PARTIAL or UNPAID bill pays what it still owes now, instead of waiting for the
 * next settlement run (pay-outstanding-bills.ts): from its AGENT_EARNINGS first, then its cash
 * wallet, at most the remainder, as the settlement does. One transaction locks the bill row and
 * re-reads it, so a concurrent job run or a second request pays the remainder once. Anyone but
 * the payer gets BILL_NOT_FOUND (a bill is not probed by id); nothing available is
 * INSUFFICIENT_FUNDS and moves nothing.
 */
export async function payBillNow(
  ctx: AgentContext,
  payer: MemberRow,
  input: { billId: number; paymentPassword: string; idempotencyKey: string },
): Promise<BillPayment> {
  await checkPaymentPassword({ ...ctx, language: ctx.language ?? parseLanguage(payer.language) }, payer, input.paymentPassword);
  const key = payNowTransferKey(input.billId, input.idempotencyKey);

  return ctx.db.transaction(async (tx) => {
    const [bill] = await tx
      .select()
      .from(agentContractBills)
      .where(and(eq(agentContractBills.id, input.billId), eq(agentContractBills.merchantId, ctx.merchant.id)))
      .for('update');
    if (!bill || bill.payerId !== payer.id) throw new AppError('BILL_NOT_FOUND');
    const payeeUsername = await findUsername(tx, bill.payeeId);

    const earlier = await paymentUnderKey(tx, ctx.merchant.id, key);
    if (earlier !== null) return { bill, payeeUsername, paidNow: earlier, isReplay: true };

    const remainder = bill.amountDue - bill.amountPaid;
    if ((bill.status !== 'PARTIAL' && bill.status !== 'UNPAID') || remainder <= 0n) throw new AppError('BILL_ALREADY_PAID');

    const currency = ctx.merchant.currency;
    const collected = await collectFromUpline(tx, { merchantId: bill.merchantId, currency, payerId: payer.id, amount: remainder });
    if (collected.paid === 0n) throw new AppError('INSUFFICIENT_FUNDS');
    const payee = await openAccount(tx, { merchantId: bill.merchantId, code: 'AGENT_EARNINGS', currency, ownerMemberId: bill.payeeId });
    const posted = await postTransfer(tx, {
      merchantId: bill.merchantId,
      idempotencyKey: key,
      type: bill.type === 'DIVIDEND' ? 'dividend' : 'salary',
      reference: { kind: 'agent_bill', id: String(bill.id) },
      entries: [...collected.entries, { accountId: payee.id, amount: collected.paid }],
      description: `${bill.type} ${bill.periodKey} paid now`,
      metadata: { contractId: bill.contractId, periodKey: bill.periodKey, remainderBefore: remainder.toString(), paidBy: payer.id },
    });
    const amountPaid = bill.amountPaid + collected.paid;
    const [updated] = await tx
      .update(agentContractBills)
      .set({
        amountPaid,
        status: amountPaid === bill.amountDue ? 'PAID' : 'PARTIAL',
        ledgerTransferId: bill.ledgerTransferId ?? posted.transfer.id,
      })
      .where(eq(agentContractBills.id, bill.id))
      .returning();
    return { bill: updated ?? bill, payeeUsername, paidNow: collected.paid, isReplay: false };
  });
}

/** What an earlier request with this key paid (its credit to the payee), or null when there was none. */
async function paymentUnderKey(tx: DbOrTx, merchantId: number, key: string): Promise<bigint | null> {
  return creditedUnderKey(tx, merchantId, key);
}
