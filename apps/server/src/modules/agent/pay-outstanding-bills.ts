import type { BillStatus, ContractType } from '@kismat/contracts/agent';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { type AgentBillRow, agentContractBills } from '../../db/schema/agent';
import type { AgentContext } from '../../platform/request-context';
import { treeDepthSql } from '../member/index';
import { collectFromUpline, openAccount, postTransfer } from '../wallet/index';
import { billTransferKey } from './settle-contract-period';

/**
 * The ledger key of one payment towards a bill's remainder. It names the amount already paid
 * before this payment, so one state of the bill can be paid from once, ever: a repeat of the
 * same retry replays, and the next retry (after this one moved `amount_paid`) gets a new key.
 */
export function remainderTransferKey(bill: Pick<AgentBillRow, 'contractId' | 'periodKey' | 'amountPaid'>): string {
  return `${billTransferKey(bill.contractId, bill.periodKey)}:after:${bill.amountPaid}`;
}

export interface OutstandingSummary {
  /** Outstanding bills looked at. */
  checked: number;
  /** Bills that received a payment now (some or all of their remainder). */
  paid: number;
  /** Of those, the ones now paid in full. */
  settled: number;
  totalPaid: string;
}

/**
 * Pays what uplines still owe on PARTIAL and UNPAID bills, from what they have now (earnings,
 * then cash; collect-from-upline.ts). Oldest period first and, within a period, shallowest
 * payee first, so a payee that is paid here can pay its own downlines' remainders in the same
 * run. Each bill is its own transaction that locks the bill row, re-reads it and pays at most
 * the remainder, so concurrent runs (two nodes, a job and a manual retry) pay it exactly once.
 * Platform bills are always paid in full when billed and never appear here.
 */
export async function payOutstandingBills(
  ctx: AgentContext,
  input: { type?: ContractType; payerId?: number; billIds?: readonly number[]; limit?: number } = {},
): Promise<OutstandingSummary> {
  const filters: (SQL | undefined)[] = [
    eq(agentContractBills.merchantId, ctx.merchant.id),
    inArray(agentContractBills.status, ['PARTIAL', 'UNPAID']),
    isNotNull(agentContractBills.payerId),
    input.type ? eq(agentContractBills.type, input.type) : undefined,
    input.payerId !== undefined ? eq(agentContractBills.payerId, input.payerId) : undefined,
    input.billIds ? inArray(agentContractBills.id, [...input.billIds]) : undefined,
  ];
  const depth = treeDepthSql(sql`"agent_contract_bills"."payee_id"`);
  const outstanding = await ctx.db
    .select({ id: agentContractBills.id })
    .from(agentContractBills)
    .where(and(...filters))
    .orderBy(asc(agentContractBills.periodStart), asc(depth), asc(agentContractBills.id))
    .limit(input.limit ?? 1000);

  const summary = { checked: outstanding.length, paid: 0, settled: 0, totalPaid: 0n };
  for (const { id } of outstanding) {
    const payment = await payBillRemainder(ctx, id);
    if (!payment) continue;
    summary.paid += 1;
    summary.totalPaid += payment.amount;
    if (payment.bill.status === 'PAID') summary.settled += 1;
  }
  return { ...summary, totalPaid: formatAmount(summary.totalPaid) };
}

/** One bill: lock it, pay what the upline can towards its remainder, record it. Null when nothing moved. */
async function payBillRemainder(ctx: AgentContext, billId: number): Promise<{ bill: AgentBillRow; amount: bigint } | null> {
  return ctx.db.transaction(async (tx) => {
    const [bill] = await tx.select().from(agentContractBills).where(eq(agentContractBills.id, billId)).for('update');
    if (!bill || bill.payerId === null || (bill.status !== 'PARTIAL' && bill.status !== 'UNPAID')) return null;
    const remainder = bill.amountDue - bill.amountPaid;
    if (remainder <= 0n) return null;
    const currency = ctx.merchant.currency;
    const collected = await collectFromUpline(tx, { merchantId: bill.merchantId, currency, payerId: bill.payerId, amount: remainder });
    if (collected.paid === 0n) return null;
    const payee = await openAccount(tx, { merchantId: bill.merchantId, code: 'AGENT_EARNINGS', currency, ownerMemberId: bill.payeeId });
    const posted = await postTransfer(tx, {
      merchantId: bill.merchantId,
      idempotencyKey: remainderTransferKey(bill),
      type: bill.type === 'DIVIDEND' ? 'dividend' : 'salary',
      reference: { kind: 'agent_bill', id: String(bill.id) },
      entries: [...collected.entries, { accountId: payee.id, amount: collected.paid }],
      description: `${bill.type} ${bill.periodKey} remainder`,
      metadata: { contractId: bill.contractId, periodKey: bill.periodKey, remainderBefore: remainder.toString() },
    });
    const amountPaid = bill.amountPaid + collected.paid;
    const status: BillStatus = amountPaid === bill.amountDue ? 'PAID' : 'PARTIAL';
    const [updated] = await tx
      .update(agentContractBills)
      .set({ amountPaid, status, ledgerTransferId: bill.ledgerTransferId ?? posted.transfer.id })
      .where(eq(agentContractBills.id, bill.id))
      .returning();
    return { bill: updated ?? bill, amount: collected.paid };
  });
}
