import type { BillStatus } from '@kismat/contracts/agent';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { type AgentBillRow, type AgentContractRow, agentContractBills } from '../../db/schema/agent';
import type { Tx } from '../../platform/db';
import type { AgentContext } from '../../platform/request-context';
import { rowsOf, toNumber } from '../../platform/sql-values';
import {
  type KeyedBulkLeg,
  lockUplineFunds,
  openAccount,
  openMemberAccounts,
  postKeyedBulkTransferInTransaction,
  postKeyedMultiCounterInTransaction,
  postTransfer,
} from '../wallet/index';
import { readAgentSettings } from './agent-settings';
import { computeBillAmount, type TeamPerformance } from './compute-bill-amount';
import type { PeriodBounds } from './contract-periods';
import { termsOf } from './contract-terms';
import { billTransferKey, newBillRow } from './settle-contract-period';

/*
 * Settles one batch of contracts (all at one tree depth, so every payer was paid earlier in the
 * run) set-based, inside the caller's transaction, with the guarantees of settleContractPeriod:
 * one bill row per (contract, period) claimed by its unique key (a concurrent run's claims make
 * ours skip those contracts), one ledger transfer per paid bill under billTransferKey, the
 * platform paying from AGENT_COMMISSION_COST and an upline from its AGENT_EARNINGS first, then
 * its cash wallet, with PARTIAL/UNPAID for what neither covers. What changes is the number of
 * statements: about ten per batch, whatever its bills and payers (the claims as one JSON
 * parameter; every upline's keyed transfers in one statement, postKeyedMultiCounterInTransaction;
 * the platform's on its hot account; one update), instead of ten per bill. Any error throws and
 * the caller rolls the batch back (then settles its contracts one by one).
 */

type Planned = { contract: AgentContractRow; performance: TeamPerformance; carryIn: bigint; amountDue: bigint };
/** A bill this run claimed: its id (the transfer's reference) and what it owes. */
type ClaimedBill = { id: number; amountDue: bigint };
type Payment = { bill: ClaimedBill; paid: bigint; transferId: number | null };

export async function settleBillBatch(
  ctx: AgentContext & { db: Tx },
  batch: readonly { contract: AgentContractRow; performance: TeamPerformance }[],
  bounds: PeriodBounds,
): Promise<(AgentBillRow | null)[]> {
  const tx = ctx.db;
  const settings = readAgentSettings(ctx.merchant);
  const carried = await previousCarries(tx, batch, bounds);
  const planned: (Planned & { row: Omit<AgentBillRow, 'id' | 'ledgerTransferId'> })[] = [];
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
      row: newBillRow(contract, bounds, performance, computed, carryIn, ctx.now),
    });
  }
  if (planned.length === 0) return batch.map(() => null);
  // The claims, one statement (the rows as one JSON parameter, in contract order): a (contract,
  // period) another run billed already is skipped; a concurrent run's claim waits for ours.
  const claimed = rowsOf<{ id: unknown; contract_id: unknown }>(
    await tx.execute(sql`
      INSERT INTO agent_contract_bills (merchant_id, contract_id, type, period_key, period_start, period_end, payee_id, payer_id,
             valid_bet, net_loss, active_members, tier_index, rate_bps, carry_in, carry_out, amount_due, amount_paid, status, settled_at)
      SELECT b.merchant_id, b.contract_id, b.type, ${bounds.key}, ${bounds.start.toISOString()}::timestamptz,
             ${bounds.end.toISOString()}::timestamptz, b.payee_id, b.payer_id, b.valid_bet, b.net_loss, b.active_members,
             b.tier_index, b.rate_bps, b.carry_in, b.carry_out, b.amount_due, 0, b.status, ${ctx.now.toISOString()}::timestamptz
        FROM jsonb_to_recordset(${JSON.stringify(
          planned.map(({ row }) => ({
            merchant_id: row.merchantId,
            contract_id: row.contractId,
            type: row.type,
            payee_id: row.payeeId,
            payer_id: row.payerId,
            valid_bet: String(row.validBet),
            net_loss: String(row.netLoss),
            active_members: row.activeMembers,
            tier_index: row.tierIndex,
            rate_bps: row.rateBps,
            carry_in: String(row.carryIn),
            carry_out: String(row.carryOut),
            amount_due: String(row.amountDue),
            status: row.status,
          })),
        )}::jsonb) AS b(merchant_id integer, contract_id bigint, type text, payee_id bigint, payer_id bigint, valid_bet bigint,
             net_loss bigint, active_members integer, tier_index smallint, rate_bps integer, carry_in bigint, carry_out bigint,
             amount_due bigint, status text)
       ORDER BY b.contract_id
      ON CONFLICT DO NOTHING
      RETURNING id, contract_id`),
  );
  const billOf = new Map(claimed.map((row) => [toNumber(row.contract_id), toNumber(row.id)]));
  const owed = planned.flatMap((plan) => {
    const id = billOf.get(plan.contract.id);
    return id !== undefined && plan.amountDue > 0n ? [{ plan, bill: { id, amountDue: plan.amountDue } }] : [];
  });
  const payments = await pay(ctx, owed, bounds);
  if (payments.length) await recordPayments(tx, payments);
  // Every claimed bill as it stands now, from what this transaction wrote (no read back: the
  // row is its claim plus its payment; issue 16, one statement less per batch).
  const paymentOf = new Map(payments.map((payment) => [payment.bill.id, payment]));
  const rowOf = new Map(
    planned.flatMap(({ row, contract }) => {
      const id = billOf.get(contract.id);
      if (id === undefined) return [];
      const payment = paymentOf.get(id);
      const bill: AgentBillRow = {
        ...row,
        id,
        amountPaid: payment?.paid ?? 0n,
        status: payment ? statusOf(payment) : row.status,
        ledgerTransferId: payment?.transferId ?? null,
      };
      return [[contract.id, bill] as const];
    }),
  );
  return batch.map(({ contract }) => rowOf.get(contract.id) ?? null);
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

function legOf(plan: Planned, bill: ClaimedBill, payeeAccountId: number, amount: bigint, bounds: PeriodBounds): KeyedBulkLeg {
  return {
    accountId: payeeAccountId,
    amount,
    idempotencyKey: billTransferKey(plan.contract.id, bounds.key),
    type: plan.contract.type === 'DIVIDEND' ? 'dividend' : 'salary',
    reference: { kind: 'agent_bill', id: String(bill.id) },
    metadata: { contractId: plan.contract.id, periodKey: bounds.key, amountDue: plan.amountDue.toString() },
  };
}

/** Pays the claimed bills: the platform's from its cost account, every upline's (earnings or cash) in one multi-counter statement. */
async function pay(ctx: AgentContext & { db: Tx }, owed: { plan: Planned; bill: ClaimedBill }[], bounds: PeriodBounds): Promise<Payment[]> {
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
  const byCounter = new Map<number, { legs: KeyedBulkLeg[]; owners: { bill: ClaimedBill; paid: bigint }[] }>();
  const addLeg = (counterId: number, plan: Planned, bill: ClaimedBill, amount: bigint) => {
    const group = byCounter.get(counterId) ?? { legs: [], owners: [] };
    group.legs.push(legOf(plan, bill, payeeOf(plan), amount, bounds));
    group.owners.push({ bill, paid: amount });
    byCounter.set(counterId, group);
  };
  const platform = owed.filter(({ plan }) => plan.contract.offererId === null);
  let costId: number | undefined;
  if (platform.length > 0) {
    const cost = await openAccount(tx, { merchantId: merchant.id, code: 'AGENT_COMMISSION_COST', currency });
    costId = cost.id;
    for (const { plan, bill } of platform) addLeg(cost.id, plan, bill, plan.amountDue);
  }
  const byUpline = owed.filter(({ plan }) => plan.contract.offererId !== null);
  const funds = await lockUplineFunds(tx, {
    merchantId: merchant.id,
    currency,
    payerIds: byUpline.map(({ plan }) => plan.contract.offererId ?? 0),
  });
  const split: { plan: Planned; bill: ClaimedBill; entries: { accountId: number; amount: bigint }[] }[] = [];
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
  const record = (owners: { bill: ClaimedBill; paid: bigint }[], posted: readonly { transferId: number }[]) => {
    owners.forEach((owner, index) => {
      payments.push({ bill: owner.bill, paid: owner.paid, transferId: posted[index]?.transferId ?? null });
    });
  };
  // The platform's hot cost account: its own keyed transfer (on a free shard).
  const costGroup = costId === undefined ? undefined : byCounter.get(costId);
  if (costId !== undefined && costGroup) {
    byCounter.delete(costId);
    record(
      costGroup.owners,
      await postKeyedBulkTransferInTransaction(tx, { merchantId: merchant.id, counterAccountId: costId, legs: costGroup.legs }, now),
    );
  }
  // Every upline's earnings and cash (cold accounts): all payers' keyed transfers in one statement.
  const groups = [...byCounter];
  const posted = await postKeyedMultiCounterInTransaction(
    tx,
    { merchantId: merchant.id, groups: groups.map(([counterAccountId, group]) => ({ counterAccountId, legs: group.legs })) },
    now,
  );
  groups.forEach(([, group], index) => {
    record(group.owners, posted[index] ?? []);
  });
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

function statusOf(payment: Payment): BillStatus {
  return payment.paid === payment.bill.amountDue ? 'PAID' : payment.paid > 0n ? 'PARTIAL' : 'UNPAID';
}

/** Every paid bill's amount, status and transfer in one UPDATE. */
async function recordPayments(tx: Tx, payments: readonly Payment[]): Promise<void> {
  const values = payments.map((payment) => ({
    id: payment.bill.id,
    paid: payment.paid.toString(),
    status: statusOf(payment),
    transfer: payment.transferId,
  }));
  await tx
    .update(agentContractBills)
    .set({
      amountPaid: sql`(changes.paid)::bigint`,
      status: sql`changes.status`,
      ledgerTransferId: sql`(changes.transfer)::bigint`,
    })
    .from(sql`jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS changes(id bigint, paid text, status text, transfer bigint)`)
    .where(eq(agentContractBills.id, sql`changes.id`));
}
