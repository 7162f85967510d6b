import type { BillStatus } from '@kismat/contracts/agent';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { type AgentBillRow, type AgentContractRow, agentContractBills } from '../../db/schema/agent';
import type { Tx } from '../../platform/db';
import type { AgentContext } from '../../platform/request-context';
import {
  type KeyedBulkLeg,
  lockUplineFunds,
  openAccount,
  openMemberAccounts,
  postKeyedBulkTransferInTransaction,
  postTransfer,
} from '../wallet/index';
import { readAgentSettings } from './agent-settings';
import { computeBillAmount, type TeamPerformance } from './compute-bill-amount';
import type { PeriodBounds } from './contract-periods';
import { termsOf } from './contract-terms';
import { billTransferKey } from './settle-contract-period';

/*
 * Settles one batch of contracts (all at one tree depth, so every payer was paid earlier in the
 * run) set-based, inside the caller's transaction, with the guarantees of settleContractPeriod:
 * one bill row per (contract, period) claimed by its unique key (a concurrent run's claims make
 * ours skip those contracts), one ledger transfer per paid bill under billTransferKey, the
 * platform paying from AGENT_COMMISSION_COST and an upline from its AGENT_EARNINGS first, then
 * its cash wallet, with PARTIAL/UNPAID for what neither covers. What changes is the number of
 * statements: a handful per payer instead of ten per bill. Any error throws and the caller rolls
 * the batch back (then settles its contracts one by one).
 */

type Planned = { contract: AgentContractRow; performance: TeamPerformance; carryIn: bigint; amountDue: bigint };
type Payment = { bill: AgentBillRow; paid: bigint; transferId: number | null };

export async function settleBillBatch(
  ctx: AgentContext & { db: Tx },
  batch: readonly { contract: AgentContractRow; performance: TeamPerformance }[],
  bounds: PeriodBounds,
): Promise<(AgentBillRow | null)[]> {
  const tx = ctx.db;
  const settings = readAgentSettings(ctx.merchant);
  const carried = await previousCarries(tx, batch, bounds);
  const planned: (Planned & { row: typeof agentContractBills.$inferInsert })[] = [];
  for (const { contract, performance } of batch) {
    const terms = termsOf(contract);
    const previousCarry = carried.get(contract.id) ?? 0n;
    const carryIn = settings.isDividendCarryOverOn ? previousCarry : 0n;
    // No settled play and nothing carried: no row (as settleContractPeriod).
    if (performance.validBet === 0n && performance.netLoss === 0n && carryIn === 0n) continue;
    const computed = computeBillAmount(contract.type, terms, performance, {
      carryIn: previousCarry,
      isCarryOverOn: settings.isDividendCarryOverOn,
    });
    planned.push({
      contract,
      performance,
      carryIn,
      amountDue: computed.amountDue,
      row: {
        merchantId: contract.merchantId,
        contractId: contract.id,
        type: contract.type,
        periodKey: bounds.key,
        periodStart: bounds.start,
        periodEnd: bounds.end,
        payeeId: contract.memberId,
        payerId: contract.offererId,
        validBet: performance.validBet,
        netLoss: performance.netLoss,
        activeMembers: performance.activeMembers,
        tierIndex: computed.tierIndex,
        rateBps: computed.rateBps,
        carryIn,
        carryOut: computed.carryOut,
        amountDue: computed.amountDue,
        amountPaid: 0n,
        status: computed.amountDue === 0n ? 'NIL' : 'UNPAID',
        settledAt: ctx.now,
      },
    });
  }
  if (planned.length === 0) return batch.map(() => null);
  // The claims, one statement: a (contract, period) another run billed already is skipped.
  const claimed = await tx
    .insert(agentContractBills)
    .values(planned.map((plan) => plan.row))
    .onConflictDoNothing()
    .returning();
  const billOf = new Map(claimed.map((bill) => [bill.contractId, bill]));
  const owed = planned.flatMap((plan) => {
    const bill = billOf.get(plan.contract.id);
    return bill && plan.amountDue > 0n ? [{ plan, bill }] : [];
  });
  const payments = await pay(ctx, owed, bounds);
  const updated = payments.length ? await recordPayments(tx, payments) : new Map<number, AgentBillRow>();
  return batch.map(({ contract }) => {
    const bill = billOf.get(contract.id);
    return bill ? (updated.get(bill.id) ?? bill) : null;
  });
}

/** DIVIDEND carries: each contract's latest earlier bill's carryOut, in one query. */
async function previousCarries(
  tx: Tx,
  batch: readonly { contract: AgentContractRow }[],
  bounds: PeriodBounds,
): Promise<Map<number, bigint>> {
  const ids = batch.filter(({ contract }) => contract.type === 'DIVIDEND').map(({ contract }) => contract.id);
  if (ids.length === 0) return new Map();
  const rows = await tx
    .selectDistinctOn([agentContractBills.contractId], { contractId: agentContractBills.contractId, carryOut: agentContractBills.carryOut })
    .from(agentContractBills)
    .where(and(inArray(agentContractBills.contractId, ids), lte(agentContractBills.periodEnd, bounds.start)))
    .orderBy(agentContractBills.contractId, desc(agentContractBills.periodEnd));
  return new Map(rows.map((row) => [row.contractId, row.carryOut]));
}

function legOf(plan: Planned, bill: AgentBillRow, payeeAccountId: number, amount: bigint, bounds: PeriodBounds): KeyedBulkLeg {
  return {
    accountId: payeeAccountId,
    amount,
    idempotencyKey: billTransferKey(plan.contract.id, bounds.key),
    type: plan.contract.type === 'DIVIDEND' ? 'dividend' : 'salary',
    reference: { kind: 'agent_bill', id: String(bill.id) },
    metadata: { contractId: plan.contract.id, periodKey: bounds.key, amountDue: plan.amountDue.toString() },
  };
}

/** Pays the claimed bills: one keyed bulk transfer per paying account (the platform's cost, each upline's earnings or cash). */
async function pay(
  ctx: AgentContext & { db: Tx },
  owed: { plan: Planned; bill: AgentBillRow }[],
  bounds: PeriodBounds,
): Promise<Payment[]> {
  const tx = ctx.db;
  if (owed.length === 0) return [];
  const { merchant, now } = ctx;
  const currency = merchant.currency;
  const payees = await openMemberAccounts(tx, {
    merchantId: merchant.id,
    code: 'AGENT_EARNINGS',
    currency,
    memberIds: owed.map(({ plan }) => plan.contract.memberId),
  });
  const payeeOf = (plan: Planned) => {
    const id = payees.get(plan.contract.memberId);
    if (id === undefined) throw new Error(`no earnings account for member ${plan.contract.memberId}`);
    return id;
  };
  const payments: Payment[] = [];
  // Legs per counter account, in bill order; each leg is the bill's whole transfer.
  const byCounter = new Map<number, { legs: KeyedBulkLeg[]; owners: { bill: AgentBillRow; paid: bigint }[] }>();
  const addLeg = (counterId: number, plan: Planned, bill: AgentBillRow, amount: bigint) => {
    const group = byCounter.get(counterId) ?? { legs: [], owners: [] };
    group.legs.push(legOf(plan, bill, payeeOf(plan), amount, bounds));
    group.owners.push({ bill, paid: amount });
    byCounter.set(counterId, group);
  };
  const platform = owed.filter(({ plan }) => plan.contract.offererId === null);
  if (platform.length > 0) {
    const cost = await openAccount(tx, { merchantId: merchant.id, code: 'AGENT_COMMISSION_COST', currency });
    for (const { plan, bill } of platform) addLeg(cost.id, plan, bill, plan.amountDue);
  }
  const byUpline = owed.filter(({ plan }) => plan.contract.offererId !== null);
  const funds = await lockUplineFunds(tx, {
    merchantId: merchant.id,
    currency,
    payerIds: byUpline.map(({ plan }) => plan.contract.offererId ?? 0),
  });
  const split: { plan: Planned; bill: AgentBillRow; entries: { accountId: number; amount: bigint }[] }[] = [];
  for (const { plan, bill } of byUpline) {
    const payer = funds.get(plan.contract.offererId ?? 0);
    let left = plan.amountDue;
    const takes: { accountId: number; amount: bigint }[] = [];
    for (const account of [payer?.earnings, payer?.cash]) {
      if (!account || left === 0n) continue;
      const take = account.free < left ? account.free : left;
      if (take <= 0n) continue;
      account.free -= take;
      left -= take;
      takes.push({ accountId: account.accountId, amount: take });
    }
    const [only] = takes;
    if (takes.length === 0) payments.push({ bill, paid: 0n, transferId: null });
    else if (takes.length === 1 && only) addLeg(only.accountId, plan, bill, only.amount);
    // Earnings and cash together: the three-entry transfer of settleContractPeriod (at most one per payer and batch).
    else split.push({ plan, bill, entries: takes.map((take) => ({ accountId: take.accountId, amount: -take.amount })) });
  }
  for (const [counterAccountId, group] of byCounter) {
    const posted = await postKeyedBulkTransferInTransaction(tx, { merchantId: merchant.id, counterAccountId, legs: group.legs }, now);
    group.owners.forEach((owner, index) => {
      payments.push({ bill: owner.bill, paid: owner.paid, transferId: posted[index]?.transferId ?? null });
    });
  }
  for (const { plan, bill, entries } of split) {
    const paid = entries.reduce((sum, entry) => sum - entry.amount, 0n);
    const posted = await postTransfer(tx, {
      merchantId: merchant.id,
      idempotencyKey: billTransferKey(plan.contract.id, bounds.key),
      type: plan.contract.type === 'DIVIDEND' ? 'dividend' : 'salary',
      reference: { kind: 'agent_bill', id: String(bill.id) },
      entries: [...entries, { accountId: payeeOf(plan), amount: paid }],
      description: `${plan.contract.type} ${bounds.key}`,
      metadata: { contractId: plan.contract.id, periodKey: bounds.key, amountDue: plan.amountDue.toString() },
    });
    payments.push({ bill, paid, transferId: posted.transfer.id });
  }
  return payments;
}

/** Every paid bill's amount, status and transfer in one UPDATE. */
async function recordPayments(tx: Tx, payments: readonly Payment[]): Promise<Map<number, AgentBillRow>> {
  const values = payments.map((payment) => {
    const status: BillStatus = payment.paid === payment.bill.amountDue ? 'PAID' : payment.paid > 0n ? 'PARTIAL' : 'UNPAID';
    return { id: payment.bill.id, paid: payment.paid.toString(), status, transfer: payment.transferId };
  });
  await tx
    .update(agentContractBills)
    .set({
      amountPaid: sql`(changes.paid)::bigint`,
      status: sql`changes.status`,
      ledgerTransferId: sql`(changes.transfer)::bigint`,
    })
    .from(sql`jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS changes(id bigint, paid text, status text, transfer bigint)`)
    .where(eq(agentContractBills.id, sql`changes.id`));
  const rows = await tx
    .select()
    .from(agentContractBills)
    .where(
      inArray(
        agentContractBills.id,
        payments.map((payment) => payment.bill.id),
      ),
    );
  return new Map(rows.map((row) => [row.id, row]));
}
