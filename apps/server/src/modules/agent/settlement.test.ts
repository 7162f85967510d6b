import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentContractBills } from '../../db/schema/agent';
import { ledgerTransfers } from '../../db/schema/ledger';
import type { Merchant } from '../../platform/merchant';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMerchant } from '../../test/factories';
import { getMemberBalances } from '../wallet/get-member-balances';
import { verifyLedger } from '../wallet/verify-ledger';
import { addMember, fundCash, giveContract, money, playRound, tier } from './agent-test-fixture';
import { computeBillAmount } from './compute-bill-amount';
import { periodContaining } from './contract-periods';
import { normalizeTerms } from './contract-terms';
import { settleContracts } from './settle-contracts';

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
    expect([billA.validBet, billA.activeMembers, billA.tierIndex, billA.rateBps, billA.amountDue, billA.amountPaid, billA.status]).toEqual([
      money('12005.00'),
      3,
      1,
      100,
      money('120.05'),
      money('120.05'),
      'PAID',
    ]);
    expect(billA.payerId).toBeNull();
    const billB = await billOf(contractB);
    expect([billB.validBet, billB.activeMembers, billB.tierIndex, billB.rateBps, billB.amountDue, billB.amountPaid, billB.status]).toEqual([
      money('10005.00'),
      2,
      0,
      40,
      money('40.02'),
      money('40.02'),
      'PAID',
    ]);
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

describe('ledger after settlement', () => {
  it('verifies', async () => {
    const result = await verifyLedger(t.app.db);
    expect(result.ok).toBe(true);
  });
});
