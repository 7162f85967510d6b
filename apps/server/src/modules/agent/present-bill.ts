import type { BillValue } from '@kismat/contracts/agent';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import { type AgentBillRow, agentContractBills } from '../../db/schema/agent';
import type { DbOrTx } from '../../platform/db';
import { toBigInt } from '../../platform/sql-values';
import { usernameSql } from '../member/index';

export function presentBill(row: AgentBillRow, names: { payee: string; payer: string | null }): BillValue {
  return {
    id: row.id,
    contractId: row.contractId,
    type: row.type,
    periodKey: row.periodKey,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    payeeId: row.payeeId,
    payeeUsername: names.payee,
    payerId: row.payerId ?? null,
    payerUsername: names.payer,
    validBet: formatAmount(row.validBet),
    netLoss: formatAmount(row.netLoss),
    activeMembers: row.activeMembers,
    tierIndex: row.tierIndex ?? null,
    rateBps: row.rateBps ?? null,
    carryIn: formatAmount(row.carryIn),
    carryOut: formatAmount(row.carryOut),
    amountDue: formatAmount(row.amountDue),
    amountPaid: formatAmount(row.amountPaid),
    status: row.status,
    settledAt: row.settledAt.toISOString(),
  };
}

/** Bills matching `where`, newest period first, with totals over all matching rows. */
export async function listBillViews(db: DbOrTx, where: SQL | undefined, page: { pageNo: number; pageSize: number }) {
  const rows = await db
    .select({
      bill: agentContractBills,
      payeeName: usernameSql(agentContractBills.payeeId),
      payerName: usernameSql(agentContractBills.payerId) as SQL<string | null>,
    })
    .from(agentContractBills)
    .where(where)
    .orderBy(desc(agentContractBills.periodStart), desc(agentContractBills.id))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  const [totals] = await db
    .select({
      total: sql<number>`count(*)::int`,
      due: sql<string>`coalesce(sum(${agentContractBills.amountDue}), 0)::text`,
      paid: sql<string>`coalesce(sum(${agentContractBills.amountPaid}), 0)::text`,
    })
    .from(agentContractBills)
    .where(where);
  return {
    items: rows.map((row) => presentBill(row.bill, { payee: row.payeeName, payer: row.payerName })),
    total: Number(totals?.total ?? 0),
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    totalDue: formatAmount(toBigInt(totals?.due)),
    totalPaid: formatAmount(toBigInt(totals?.paid)),
  };
}

/** The bills a member sees: those paid to it and those it paid (its direct downlines'). */
export function billsOfMember(memberId: number, side: 'RECEIVED' | 'PAID' | 'ALL'): SQL | undefined {
  if (side === 'RECEIVED') return eq(agentContractBills.payeeId, memberId);
  if (side === 'PAID') return eq(agentContractBills.payerId, memberId);
  return or(eq(agentContractBills.payeeId, memberId), eq(agentContractBills.payerId, memberId));
}

/**
 * Bills of the periods that start in [from, to): what a person means by "the bills of these
 * days" (yesterday's daily bill is settled today, and a remainder may be paid days later).
 */
export function billsForPeriodsIn(from: Date, to: Date): SQL | undefined {
  return and(gte(agentContractBills.periodStart, from), lt(agentContractBills.periodStart, to));
}
