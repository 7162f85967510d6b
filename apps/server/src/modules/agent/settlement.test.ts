import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentContractBills } from '../../db/schema/agent';
import { lotteryIssues } from '../../db/schema/house-games';
import { ledgerTransfers } from '../../db/schema/ledger';
import type { Merchant } from '../../platform/merchant';
import { addMember, fundCash, giveContract, money, playRound, tier } from '../../test/agent-test-fixture';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMerchant } from '../../test/factories';
import { drainFacts } from '../../test/facts-test-kit';
import { buyTicketsAt, drawIssue, spinAt } from '../../test/house-games-test-kit';
import { getMemberBalances } from '../wallet/get-member-balances';
import { verifyLedger } from '../wallet/verify-ledger';
import { computeBillAmount } from './compute-bill-amount';
import { periodContaining } from './contract-periods';
import { normalizeTerms } from './contract-terms';
import { getProfitLossReport, getRevenueReport, listDownlineTransactions } from './get-agent-reports';
import { getDownlineDetail } from './get-downline-detail';
import { getTeamOverview } from './get-team-overview';
import { settleContracts } from './settle-contracts';
import { readTeamPerformance } from './team-performance';

/*
 * The worked examples of docs/agent-contracts.md, reproduced exactly, on the real ledger.
 * Merchant time zone UTC+6: local day 2025-03-10 is [2025-03-09T18:00Z, 2025-03-10T18:00Z).
 */

let t: TestApp;
let merchant: Merchant;
const NOON = new Date('2025-03-10T06:00:00Z');
const AFTER = new Date('2025-03-11T00:00:00Z');

beforeAll(async () => {
  t = await buildTestApp();
  merchant = (await createMerchant(t.app.db, { utcOffsetMinutes: 360 })).merchant;
});
afterAll(async () => t?.close());

function ctx(now = AFTER) {
  return { db: t.app.db, now, merchant };
}

async function earnings(memberId: number) {
  return formatAmount((await getMemberBalances(t.app.db, { merchantId: merchant.id, memberId })).agentEarnings);
}
async function cash(memberId: number) {
  return formatAmount((await getMemberBalances(t.app.db, { merchantId: merchant.id, memberId })).available);
}
async function billOf(contractId: number) {
  const [bill] = await t.app.db.select().from(agentContractBills).where(eq(agentContractBills.contractId, contractId));
  if (!bill) throw new Error('no bill');
  return bill;
}

/** A bill's figures in the order the worked examples list them: valid bet, active members, tier, rate, due, paid, status. */
const figuresOf = (bill: Awaited<ReturnType<typeof billOf>>) => [
  bill.validBet,
  bill.activeMembers,
  bill.tierIndex,
  bill.rateBps,
  bill.amountDue,
  bill.amountPaid,
  bill.status,
];

describe('worked example 1: daily salary on valid bet, two levels', () => {
  it('pays A 120.05 from the platform and B 40.02 from A, once', async () => {
    const setup = ctx(new Date('2025-03-01T00:00:00Z'));
    const a = await addMember(t.app.db, merchant, null, MEMBER_TYPE.AGENT_1);
    const b = await addMember(t.app.db, merchant, a, MEMBER_TYPE.AGENT_2);
    const [p1, p2, p4] = [
      await addMember(t.app.db, merchant, b),
      await addMember(t.app.db, merchant, b),
      await addMember(t.app.db, merchant, b),
    ];
    const p3 = await addMember(t.app.db, merchant, a);
    const terms = (low: number, high: number) => ({
      activeMemberMinBet: money('10.00'),
      tiers: [tier('0.00', 0, low), tier('10000.00', 3, high)],
    });
    const contractA = await giveContract(setup, null, a, 'DAILY_SALARY', terms(50, 100));
    const contractB = await giveContract(setup, a, b, 'DAILY_SALARY', terms(40, 80));

    await playRound(t.app.db, merchant, p1, { bet: '6000.00', payout: '5000.00', closedAt: NOON });
    await playRound(t.app.db, merchant, p1, { bet: '1000.00', payout: '0.00', closedAt: NOON, status: 'OPEN' });
    await playRound(t.app.db, merchant, p1, { bet: '9999.00', payout: '0.00', closedAt: new Date('2025-03-09T17:59:59Z') });
    await playRound(t.app.db, merchant, p2, { bet: '4000.00', payout: '4500.00', closedAt: NOON });
    await playRound(t.app.db, merchant, p4, { bet: '5.00', payout: '0.00', closedAt: NOON });
    await playRound(t.app.db, merchant, p3, { bet: '2000.00', payout: '0.00', closedAt: NOON });
    await playRound(t.app.db, merchant, p3, { bet: '0.00', payout: '0.00', closedAt: NOON });

    const bounds = periodContaining('DAILY', NOON, merchant.utcOffsetMinutes);
    expect(bounds).toEqual({ key: '2025-03-10', start: new Date('2025-03-09T18:00:00Z'), end: new Date('2025-03-10T18:00:00Z') });
    // Concurrent runs of the same period: each contract is billed and paid exactly once.
    const runs = await Promise.all([1, 2, 3].map(() => settleContracts(ctx(), { type: 'DAILY_SALARY', period: 'DAILY', bounds })));
    expect(runs.reduce((sum, run) => sum + run.billed, 0)).toBeGreaterThanOrEqual(2);

    const billA = await billOf(contractA);
    expect(figuresOf(billA)).toEqual([money('12005.00'), 3, 1, 100, money('120.05'), money('120.05'), 'PAID']);
    expect(billA.payerId).toBeNull();
    const billB = await billOf(contractB);
    expect(figuresOf(billB)).toEqual([money('10005.00'), 2, 0, 40, money('40.02'), money('40.02'), 'PAID']);
    expect(billB.payerId).toBe(a.id);
    expect(await earnings(a.id)).toBe('80.03');
    expect(await earnings(b.id)).toBe('40.02');

    const again = await settleContracts(ctx(), { type: 'DAILY_SALARY', period: 'DAILY', bounds });
    expect(again.billed).toBe(0);
    const transfers = await t.app.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.merchantId, merchant.id), like(ledgerTransfers.idempotencyKey, `agent-bill:${contractA}:%`)));
    expect(transfers).toHaveLength(1);
    expect(await earnings(a.id)).toBe('80.03');
  });
});

describe('worked example 2: monthly dividend with negative carry-over', () => {
  it('carries a winning month into the next and pays 20% of the remainder', async () => {
    const d = await addMember(t.app.db, merchant, null, MEMBER_TYPE.AGENT_1);
    const q1 = await addMember(t.app.db, merchant, d);
    const contract = await giveContract(ctx(new Date('2025-02-20T00:00:00Z')), null, d, 'DIVIDEND', {
      period: 'MONTHLY',
      tiers: [tier('0.00', 0, 2000), tier('50000.00', 5, 3000)],
    });
    await playRound(t.app.db, merchant, q1, { bet: '1000.00', payout: '2000.00', closedAt: new Date('2025-03-15T06:00:00Z') });
    await playRound(t.app.db, merchant, q1, { bet: '8000.00', payout: '2000.00', closedAt: new Date('2025-04-15T06:00:00Z') });
    const march = periodContaining('MONTHLY', new Date('2025-03-15T06:00:00Z'), 360);
    const april = periodContaining('MONTHLY', new Date('2025-04-15T06:00:00Z'), 360);
    await settleContracts(ctx(new Date('2025-05-02T00:00:00Z')), { type: 'DIVIDEND', period: 'MONTHLY', bounds: march });
    await settleContracts(ctx(new Date('2025-05-02T00:00:00Z')), { type: 'DIVIDEND', period: 'MONTHLY', bounds: april });
    const bills = await t.app.db
      .select()
      .from(agentContractBills)
      .where(eq(agentContractBills.contractId, contract))
      .orderBy(agentContractBills.periodStart);
    expect(bills.map((bill) => [bill.periodKey, bill.netLoss, bill.carryIn, bill.carryOut, bill.amountDue, bill.status])).toEqual([
      ['2025-03M', money('-1000.00'), 0n, money('-1000.00'), 0n, 'NIL'],
      ['2025-04M', money('6000.00'), money('-1000.00'), 0n, money('1000.00'), 'PAID'],
    ]);
    expect(await earnings(d.id)).toBe('1000.00');
  });

  it('without carry-over the same April pays 1200.00 (pure formula)', () => {
    const terms = normalizeTerms('DIVIDEND', { period: 'MONTHLY', tiers: [tier('0.00', 0, 2000), tier('50000.00', 5, 3000)] });
    const april = computeBillAmount(
      'DIVIDEND',
      terms,
      { validBet: money('8000.00'), netLoss: money('6000.00'), activeMembers: 1 },
      { carryIn: money('-1000.00'), isCarryOverOn: false },
    );
    expect(april).toEqual({ tierIndex: 0, rateBps: 2000, carryOut: 0n, amountDue: money('1200.00') });
  });
});

describe('worked examples 3 and 4: loss-rate salary, partial and unpaid bills', () => {
  async function lossRateTree(p3Payout: string, aCash: string | null) {
    const setup = ctx(new Date('2025-03-01T00:00:00Z'));
    const a = await addMember(t.app.db, merchant, null, MEMBER_TYPE.AGENT_1);
    const b = await addMember(t.app.db, merchant, a, MEMBER_TYPE.AGENT_2);
    const p1 = await addMember(t.app.db, merchant, b);
    const p3 = await addMember(t.app.db, merchant, a);
    const terms = { basis: 'LOSS_RATE' as const, tiers: [tier('0.00', 0, 100)] };
    const contractA = await giveContract(setup, null, a, 'DAILY_SALARY', terms);
    const contractB = await giveContract(setup, a, b, 'DAILY_SALARY', terms);
    if (aCash) await fundCash(t.app.db, merchant, a, aCash);
    await playRound(t.app.db, merchant, p1, { bet: '10000.00', payout: '0.00', closedAt: NOON });
    await playRound(t.app.db, merchant, p3, { bet: '1000.00', payout: p3Payout, closedAt: NOON });
    const bounds = periodContaining('DAILY', NOON, merchant.utcOffsetMinutes);
    await settleContracts(ctx(), { type: 'DAILY_SALARY', period: 'DAILY', bounds });
    return { a, b, billA: await billOf(contractA), billB: await billOf(contractB) };
  }

  it('example 3: A gets 10.00, owes B 100.00, pays 10.00 from earnings and 50.00 from cash: PARTIAL', async () => {
    const { a, b, billA, billB } = await lossRateTree('10000.00', '50.00');
    expect([billA.netLoss, billA.amountDue, billA.status]).toEqual([money('1000.00'), money('10.00'), 'PAID']);
    expect([billB.netLoss, billB.amountDue, billB.amountPaid, billB.status]).toEqual([
      money('10000.00'),
      money('100.00'),
      money('60.00'),
      'PARTIAL',
    ]);
    expect([await earnings(a.id), await cash(a.id), await earnings(b.id)]).toEqual(['0.00', '0.00', '60.00']);
  });

  it('example 4: A earns nothing and has no cash: B is UNPAID and nothing moves', async () => {
    const { b, billA, billB } = await lossRateTree('21000.00', null);
    expect([billA.netLoss, billA.amountDue, billA.status]).toEqual([money('-10000.00'), 0n, 'NIL']);
    expect([billB.amountDue, billB.amountPaid, billB.status, billB.ledgerTransferId]).toEqual([money('100.00'), 0n, 'UNPAID', null]);
    expect(await earnings(b.id)).toBe('0.00');
  });
});

describe('in-house play: slot spins and drawn lottery tickets count like vendor rounds', () => {
  // Local day 2025-03-12 at UTC+6 is [2025-03-11T18:00Z, 2025-03-12T18:00Z).
  const PLAY = new Date('2025-03-12T06:00:10Z');
  const DAY_AFTER = new Date('2025-03-14T00:00:00Z');
  const tickets = [
    { betType: 'SUM_SIZE', selection: 'BIG', amountMinor: money('10.00') },
    { betType: 'SUM_SIZE', selection: 'SMALL', amountMinor: money('5.00') },
    { betType: 'POSITION_DIGIT', selection: '1-3', amountMinor: money('2.00') },
  ];

  it('counts them in valid bet, net loss, active members, settlement, team overview and reports; void, pending and trial play never', async () => {
    const db = t.app.db;
    const site = (await createMerchant(db, { utcOffsetMinutes: 360 })).merchant;
    const ctxAt = (now: Date) => ({ db, now, merchant: site });
    const a = await addMember(db, site, null, MEMBER_TYPE.AGENT_1);
    const p = await addMember(db, site, a);
    const broke = await addMember(db, site, a);
    const trial = await addMember(db, site, a, MEMBER_TYPE.TRIAL);
    const setup = ctxAt(new Date('2025-03-01T00:00:00Z'));
    const terms = { activeMemberMinBet: money('1.00'), tiers: [tier('0.00', 0, 100)] };
    const daily = await giveContract(setup, null, a, 'DAILY_SALARY', terms);
    const realtime = await giveContract(setup, null, a, 'REALTIME_SALARY', terms);
    await fundCash(db, site, p, '1000.00');

    // Counted: three settled spins and the tickets of a drawn issue.
    const spins = [];
    for (let index = 0; index < 3; index += 1) {
      spins.push(await spinAt(db, site, p, { betMinor: money('2.00'), at: new Date(PLAY.getTime() + index * 1000) }));
    }
    const drawn = await buyTicketsAt(db, site, p, { gameCode: 'ELOTT_5M', at: PLAY, tickets });
    // Not counted: a refused spin (void, nothing written), trial play, a pending and a cancelled issue.
    await expect(spinAt(db, site, broke, { betMinor: money('2.00'), at: PLAY })).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await spinAt(db, site, trial, { betMinor: money('2.00'), at: PLAY });
    await buyTicketsAt(db, site, trial, { gameCode: 'ELOTT_5M', at: PLAY, tickets });
    await buyTicketsAt(db, site, p, { gameCode: 'ELOTT_3M', at: PLAY, tickets });
    const cancelled = await buyTicketsAt(db, site, p, { gameCode: 'ELOTT_1M', at: PLAY, tickets });
    await db.update(lotteryIssues).set({ status: 'CANCELLED' }).where(eq(lotteryIssues.id, cancelled.issueId));
    const won = await drawIssue(db, drawn.issueId);
    // Bought on the 12th, drawn at 18:00Z = local midnight: it is the 13th's play (settlement time).
    const late = await buyTicketsAt(db, site, p, { gameCode: 'ELOTT_5M', at: new Date('2025-03-12T17:57:00Z'), tickets });
    expect(late.drawAt).toEqual(new Date('2025-03-12T18:00:00Z'));
    const lateWon = await drawIssue(db, late.issueId);

    const slotBet = spins.reduce((sum, spin) => sum + spin.bet, 0n);
    const slotPayout = spins.reduce((sum, spin) => sum + spin.payout, 0n);
    const lotteryPayout = won.get(p.id) ?? 0n;
    const validBet = slotBet + drawn.stake;
    const netLoss = validBet - slotPayout - lotteryPayout;
    expect([slotBet, drawn.stake]).toEqual([money('6.00'), money('17.00')]);

    // Daily salary on valid bet: the bill's base is the spins plus the drawn tickets.
    const day = periodContaining('DAILY', PLAY, 360);
    await settleContracts(ctxAt(DAY_AFTER), { type: 'DAILY_SALARY', period: 'DAILY', bounds: day });
    const dayBill = await billOf(daily);
    expect([dayBill.validBet, dayBill.netLoss, dayBill.activeMembers, dayBill.amountDue, dayBill.status]).toEqual([
      validBet,
      netLoss,
      1,
      (validBet * 100n) / 10_000n,
      'PAID',
    ]);
    // Real-time salary: each round counts in the five minutes it settled in: spins at 06:00, the draw at 06:05.
    const spinMinutes = periodContaining('FIVE_MINUTES', PLAY, 360);
    const drawMinutes = periodContaining('FIVE_MINUTES', drawn.drawAt, 360);
    expect(drawMinutes.start).toEqual(drawn.drawAt);
    for (const bounds of [spinMinutes, drawMinutes]) {
      await settleContracts(ctxAt(DAY_AFTER), { type: 'REALTIME_SALARY', period: 'FIVE_MINUTES', bounds });
    }
    const realtimeBills = await t.app.db
      .select()
      .from(agentContractBills)
      .where(eq(agentContractBills.contractId, realtime))
      .orderBy(agentContractBills.periodStart);
    expect(realtimeBills.map((bill) => [bill.validBet, bill.netLoss, bill.activeMembers])).toEqual([
      [slotBet, slotBet - slotPayout, 1],
      [drawn.stake, drawn.stake - lotteryPayout, 1],
    ]);
    // The late ticket is the next day's valid bet, not the 12th's.
    const nextDay = periodContaining('DAILY', late.drawAt, 360);
    expect(await readTeamPerformance(db, { rootMemberId: a.id, from: nextDay.start, to: nextDay.end, activeMemberMinBet: 0n })).toEqual({
      validBet: late.stake,
      netLoss: late.stake - (lateWon.get(p.id) ?? 0n),
      activeMembers: 1,
    });

    // Team overview, downline card, profit/loss and revenue reports of the 12th: the reports read the
    // rollups the fact consumer keeps, so the spins' and draws' facts are applied first.
    await drainFacts(t.app);
    // Team overview, downline card, profit/loss and revenue reports of the 12th.
    const report = ctxAt(DAY_AFTER);
    const period = { startDate: '2025-03-12', endDate: '2025-03-12' };
    const overview = await getTeamOverview(report, a, period);
    expect([overview.validBet, overview.memberWinLoss, overview.activeMembers]).toEqual([
      formatAmount(validBet),
      formatAmount(-netLoss),
      1,
    ]);
    const card = await getDownlineDetail(report, a, p.id, period);
    expect([card.validBet, card.betCount, card.memberWinLoss]).toEqual([formatAmount(validBet), 6, formatAmount(-netLoss)]);
    const byMember = await getProfitLossReport(report, a, { ...period, groupBy: 'MEMBER', pageNo: 1, pageSize: 10 });
    const rows = new Map(byMember.items.map((item) => [item.memberId, item]));
    expect(rows.get(p.id)).toMatchObject({ validBet: formatAmount(validBet), memberWinLoss: formatAmount(-netLoss), betCount: 6 });
    for (const other of [broke, trial]) expect(rows.get(other.id)).toMatchObject({ validBet: '0.00', payout: '0.00', betCount: 0 });
    expect(byMember.totals.validBet).toBe(formatAmount(validBet));
    const byDirect = await getProfitLossReport(report, a, { ...period, groupBy: 'DIRECT', pageNo: 1, pageSize: 10 });
    expect(byDirect.totals).toMatchObject({ validBet: formatAmount(validBet), memberWinLoss: formatAmount(-netLoss) });
    const revenue = await getRevenueReport(report, a, period);
    expect(revenue.rows.find((row) => row.type === 'DAILY_SALARY')?.received).toBe(formatAmount(dayBill.amountDue));
    // The downline transactions: the cash entries of the subtree (never the agent's own), named by their owner.
    const ofPlayer = await listDownlineTransactions(report, a, { ...period, memberId: p.id, pageNo: 1, pageSize: 100 });
    expect(ofPlayer.total).toBeGreaterThan(0);
    expect(ofPlayer.items).toHaveLength(ofPlayer.total ?? -1);
    expect(new Set(ofPlayer.items.map((item) => `${item.memberId}:${item.username}`))).toEqual(new Set([`${p.id}:${p.username}`]));
    const ofTeam = await listDownlineTransactions(report, a, { ...period, pageNo: 1, pageSize: 100 });
    expect(ofTeam.total).toBeGreaterThanOrEqual(ofPlayer.total ?? 0);
    expect(ofTeam.items.some((item) => item.memberId === a.id)).toBe(false);
  });
});

describe('ledger after settlement', () => {
  it('verifies', async () => {
    const result = await verifyLedger(t.app.db);
    expect(result.ok).toBe(true);
  });
});
