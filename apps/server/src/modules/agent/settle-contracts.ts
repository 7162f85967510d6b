import type { ContractPeriod, ContractType } from '@kismat/contracts/agent';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type AgentBillRow, type AgentContractRow, agentContracts } from '../../db/schema/agent';
import { AppError } from '../../platform/errors';
import type { AgentContext } from '../../platform/request-context';
import { treeDepthSql } from '../member/index';
import type { PeriodBounds } from './contract-periods';
import { settleBillBatch } from './settle-bill-batch';
import { activeWindow, settleContractPeriod } from './settle-contract-period';
import { readTeamPerformances, type TeamWindow } from './team-performance';

/**
 * How many contracts' bills one transaction pays (issue 16: 10,000 contracts in seconds, not a
 * commit each). Contracts come ordered by payer within a depth, so a batch holds few payers and
 * a payer's bills go out in one batch; all payers' transfers of a batch are one statement.
 */
export const BILLS_PER_TRANSACTION = 2_000;

export interface SettlementSummary {
  type: ContractType;
  periodKey: string;
  periodStart: string;
  periodEnd: string;
  billed: number;
  skipped: number;
  paid: number;
  partial: number;
  unpaid: number;
  nil: number;
  totalDue: string;
  totalPaid: string;
}

/**
 * Settles every contract of one type and period of a merchant, top-down: contracts of shallower
 * holders first, so an upline has received its own pay before it pays its downlines. Bills are
 * paid in batches of BILLS_PER_TRANSACTION contracts of one depth (ordered by payer), set-based (settle-bill-batch.ts: one claim
 * statement, all payers' keyed transfers in one statement, one update; one commit per batch); a contract already billed for the period is skipped (before its team
 * is even read), so runs may repeat and overlap freely. The teams' play is read set-based, in
 * one grouped query for all contracts of the run (team-performance.ts).
 */
export async function settleContracts(
  ctx: AgentContext,
  input: { type: ContractType; period: ContractPeriod; bounds: PeriodBounds },
): Promise<SettlementSummary> {
  if (input.bounds.end > ctx.now) throw new AppError('SETTLEMENT_PERIOD_OPEN');
  // Table-qualified by hand: drizzle leaves a lone table's columns unqualified inside select fields.
  const depth = treeDepthSql(sql`"agent_contracts"."member_id"`);
  const isBilled = sql<boolean>`exists (select 1 from agent_contract_bills billed where billed.contract_id = "agent_contracts"."id" and billed.period_key = ${input.bounds.key})`;
  const contracts = await ctx.db
    .select({ contract: agentContracts, depth, isBilled })
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.merchantId, ctx.merchant.id),
        eq(agentContracts.type, input.type),
        eq(agentContracts.period, input.period),
        inArray(agentContracts.status, ['ACTIVE', 'TERMINATED', 'REPLACED']),
        lt(agentContracts.acceptedAt, input.bounds.end),
        or(isNull(agentContracts.endedAt), gt(agentContracts.endedAt, input.bounds.start)),
      ),
    )
    .orderBy(asc(depth), asc(agentContracts.offererId), asc(agentContracts.id));
  const summary = { billed: 0, skipped: 0, paid: 0, partial: 0, unpaid: 0, nil: 0, totalDue: 0n, totalPaid: 0n };
  const open: AgentContractRow[] = [];
  const depthOf = new Map<number, number>();
  const windows: TeamWindow[] = [];
  for (const { contract, isBilled: billed, depth: level } of contracts) {
    depthOf.set(contract.id, Number(level ?? 0));
    const window = billed ? null : activeWindow(contract, input.bounds);
    if (!window) {
      summary.skipped += 1;
      continue;
    }
    open.push(contract);
    windows.push({ key: contract.id, rootMemberId: contract.memberId, ...window, activeMemberMinBet: contract.activeMemberMinBet });
  }
  // The play of every team in one pass (set-based), then the bills in batches: up to
  // BILLS_PER_TRANSACTION contracts per transaction, each bill in a savepoint of it (its claim,
  // its transfer and its status together), top-down in the batch as across batches. One commit
  // per batch instead of one per bill. A batch that fails (a deadlock with an overlapping run, a
  // lost connection) rolls back whole and its contracts are settled again one transaction each,
  // where a bill another run committed meanwhile is skipped by its claim.
  const performances = await readTeamPerformances(ctx.db, windows);
  const tally = (bill: AgentBillRow | null) => {
    if (!bill) {
      summary.skipped += 1;
      return;
    }
    summary.billed += 1;
    summary.totalDue += bill.amountDue;
    summary.totalPaid += bill.amountPaid;
    if (bill.status === 'PAID') summary.paid += 1;
    else if (bill.status === 'PARTIAL') summary.partial += 1;
    else if (bill.status === 'UNPAID') summary.unpaid += 1;
    else summary.nil += 1;
  };
  const performanceOf = (contract: AgentContractRow) => performances.get(contract.id) ?? { validBet: 0n, netLoss: 0n, activeMembers: 0 };
  for (const batch of levelBatches(open, depthOf)) {
    let bills: (AgentBillRow | null)[];
    try {
      bills = await ctx.db.transaction((tx) =>
        settleBillBatch(
          { ...ctx, db: tx },
          batch.map((contract) => ({ contract, performance: performanceOf(contract) })),
          input.bounds,
        ),
      );
    } catch {
      bills = [];
      for (const contract of batch) bills.push(await settleContractPeriod(ctx, contract, input.bounds, performanceOf(contract)));
    }
    for (const bill of bills) tally(bill);
  }
  return {
    type: input.type,
    periodKey: input.bounds.key,
    periodStart: input.bounds.start.toISOString(),
    periodEnd: input.bounds.end.toISOString(),
    billed: summary.billed,
    skipped: summary.skipped,
    paid: summary.paid,
    partial: summary.partial,
    unpaid: summary.unpaid,
    nil: summary.nil,
    totalDue: formatAmount(summary.totalDue),
    totalPaid: formatAmount(summary.totalPaid),
  };
}

/** Batches of at most BILLS_PER_TRANSACTION contracts, each of one tree depth (its payers all paid in an earlier batch). */
function levelBatches(open: readonly AgentContractRow[], depthOf: ReadonlyMap<number, number>): AgentContractRow[][] {
  const batches: AgentContractRow[][] = [];
  let current: AgentContractRow[] = [];
  let level: number | undefined;
  for (const contract of open) {
    const depth = depthOf.get(contract.id) ?? 0;
    if (current.length === BILLS_PER_TRANSACTION || (current.length > 0 && depth !== level)) {
      batches.push(current);
      current = [];
    }
    current.push(contract);
    level = depth;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
