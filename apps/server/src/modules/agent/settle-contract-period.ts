import type { BillStatus } from '@kismat/contracts/agent';
import { and, desc, eq, lte } from 'drizzle-orm';
import { type AgentBillRow, type AgentContractRow, agentContractBills } from '../../db/schema/agent';
import type { AgentContext } from '../../platform/request-context';
import { collectFromUpline, type LedgerEntryInput, openAccount, postTransfer } from '../wallet/index';
import { readAgentSettings } from './agent-settings';
import { type BillAmount, computeBillAmount, type TeamPerformance } from './compute-bill-amount';
import type { PeriodBounds } from './contract-periods';
import { termsOf } from './contract-terms';
import { readTeamPerformance } from './team-performance';

/** The idempotency key of a bill's ledger transfer: one payment per (contract, period), ever. */
export function billTransferKey(contractId: number, periodKey: string): string {
  return `agent-bill:${contractId}:${periodKey}`;
}

/** A claimed bill's row as a settlement run writes it (nothing paid yet; NIL when nothing is due). */
export function newBillRow(
  contract: AgentContractRow,
  bounds: PeriodBounds,
  performance: TeamPerformance,
  computed: BillAmount,
  carryIn: bigint,
  now: Date,
): Omit<AgentBillRow, 'id' | 'ledgerTransferId'> {
  return {
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
    settledAt: now,
  };
}

/**
 * Settles one contract for one ended period: reads the team's settled play over the part of the
 * period the contract was active, computes the amount (compute-bill-amount.ts), and pays it in
 * one transaction that also claims the (contract, period) bill row. The platform pays top-level
 * contracts from AGENT_COMMISSION_COST; an upline pays from its AGENT_EARNINGS first, then its
 * cash wallet, and the bill is PARTIAL or UNPAID for what neither covers. Returns null when the
 * period was already billed (another run, another node).
 */
export async function settleContractPeriod(
  ctx: AgentContext,
  contract: AgentContractRow,
  bounds: PeriodBounds,
  /** The team's figures when the caller read them already (settle-contracts.ts reads them set-based). */
  known?: TeamPerformance,
): Promise<AgentBillRow | null> {
  const window = activeWindow(contract, bounds);
  if (!window) return null;
  const terms = termsOf(contract);
  const settings = readAgentSettings(ctx.merchant);
  const performance =
    known ??
    (await readTeamPerformance(ctx.db, {
      rootMemberId: contract.memberId,
      from: window.from,
      to: window.to,
      activeMemberMinBet: terms.activeMemberMinBet,
    }));
  const hasPlay = performance.validBet !== 0n || performance.netLoss !== 0n;

  return ctx.db.transaction(async (tx) => {
    const [previous] =
      contract.type === 'DIVIDEND'
        ? await tx
            .select({ carryOut: agentContractBills.carryOut })
            .from(agentContractBills)
            .where(and(eq(agentContractBills.contractId, contract.id), lte(agentContractBills.periodEnd, bounds.start)))
            .orderBy(desc(agentContractBills.periodEnd))
            .limit(1)
        : [];
    const carryIn = settings.isDividendCarryOverOn ? (previous?.carryOut ?? 0n) : 0n;
    // No settled play and nothing carried: nothing to bill and nothing to show, so no row (a
    // contract without play would otherwise add a NIL row every five minutes).
    if (!hasPlay && carryIn === 0n) return null;
    const computed = computeBillAmount(contract.type, terms, performance, {
      carryIn: previous?.carryOut ?? 0n,
      isCarryOverOn: settings.isDividendCarryOverOn,
    });
    // The claim: a concurrent run of the same period waits here, then finds the row and skips.
    const [bill] = await tx
      .insert(agentContractBills)
      .values(newBillRow(contract, bounds, performance, computed, carryIn, ctx.now))
      .onConflictDoNothing()
      .returning();
    if (!bill) return null;
    if (computed.amountDue === 0n) return bill;

    const currency = ctx.merchant.currency;
    const payee = await openAccount(tx, {
      merchantId: contract.merchantId,
      code: 'AGENT_EARNINGS',
      currency,
      ownerMemberId: contract.memberId,
    });
    const entries: LedgerEntryInput[] = [];
    let paid: bigint;
    if (contract.offererId === null) {
      const cost = await openAccount(tx, { merchantId: contract.merchantId, code: 'AGENT_COMMISSION_COST', currency });
      entries.push({ accountId: cost.id, amount: -computed.amountDue });
      paid = computed.amountDue;
    } else {
      const collected = await collectFromUpline(tx, {
        merchantId: contract.merchantId,
        currency,
        payerId: contract.offererId,
        amount: computed.amountDue,
      });
      entries.push(...collected.entries);
      paid = collected.paid;
    }
    const status: BillStatus = paid === computed.amountDue ? 'PAID' : paid > 0n ? 'PARTIAL' : 'UNPAID';
    let ledgerTransferId: number | null = null;
    if (paid > 0n) {
      entries.push({ accountId: payee.id, amount: paid });
      const posted = await postTransfer(tx, {
        merchantId: contract.merchantId,
        idempotencyKey: billTransferKey(contract.id, bounds.key),
        type: contract.type === 'DIVIDEND' ? 'dividend' : 'salary',
        reference: { kind: 'agent_bill', id: String(bill.id) },
        entries,
        description: `${contract.type} ${bounds.key}`,
        metadata: { contractId: contract.id, periodKey: bounds.key, amountDue: computed.amountDue.toString() },
      });
      ledgerTransferId = posted.transfer.id;
    }
    const [updated] = await tx
      .update(agentContractBills)
      .set({ amountPaid: paid, status, ledgerTransferId })
      .where(eq(agentContractBills.id, bill.id))
      .returning();
    return updated ?? bill;
  });
}

/** The part of the period the contract was active, [max(start, accepted), min(end, ended)); null when none. */
export function activeWindow(contract: AgentContractRow, bounds: PeriodBounds): { from: Date; to: Date } | null {
  const acceptedAt = contract.acceptedAt ?? contract.offeredAt;
  const from = new Date(Math.max(acceptedAt.getTime(), bounds.start.getTime()));
  const to = new Date(Math.min(contract.endedAt?.getTime() ?? bounds.end.getTime(), bounds.end.getTime()));
  return from < to ? { from, to } : null;
}
