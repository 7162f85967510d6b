import { AGENT_PATHS } from '@kismat/contracts/agent';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { formatAmount } from '@kismat/contracts/wallet';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentContractBills } from '../../db/schema/agent';
import { ledgerTransfers } from '../../db/schema/ledger';
import type { MemberRow } from '../../platform/auth';
import type { Merchant } from '../../platform/merchant';
import { fundCash, giveContract, money, playRound, tier } from '../../test/agent-test-fixture';
import type { TestApp } from '../../test/build-test-app';
import { createMember, type TestClient, uniqueIp, uniqueSuffix } from '../../test/factories';
import { useShop } from '../../test/shop-fixture';
import { getMemberBalances } from '../wallet/get-member-balances';
import { openAccount } from '../wallet/open-account';
import { postTransfer } from '../wallet/post-transfer';
import { verifyLedger } from '../wallet/verify-ledger';
import { periodContaining } from './contract-periods';
import { payOutstandingBills } from './pay-outstanding-bills';
import { settleContracts } from './settle-contracts';

/*
 * "Pay now" (pay-bill-now.ts) over HTTP on the real ledger: worked example 4 of
 * docs/agent-contracts.md (upline A owes B 100.00 and had nothing: UNPAID), then A pays from
 * the agent centre with its payment password.
 */

let t: TestApp;
let merchant: Merchant;
let client: TestClient;
const NOON = new Date('2025-03-10T06:00:00Z');
const AFTER = new Date('2025-03-11T00:00:00Z');
const PAY_PASSWORD = 'Pay@2468';

useShop(
  (fixture) => {
    ({ t, client } = fixture);
    merchant = fixture.shop.merchant;
  },
  { merchant: { utcOffsetMinutes: 360 }, keepClock: true },
);

const ctx = (now = AFTER) => ({ db: t.app.db, now, merchant });

interface Agent {
  member: MemberRow;
  token: string;
}

async function agentUnder(upline: MemberRow | null, type: number): Promise<Agent> {
  const { member, password } = await createMember(t.app.db, merchant.id, {
    type,
    uplineId: upline?.id ?? null,
    username: `pa${uniqueSuffix(10)}`,
    paymentPassword: PAY_PASSWORD,
  });
  return { member, token: await client.login(member.username, password ?? '', { ip: uniqueIp() }) };
}

/** Example 4: A's team won, so A earned nothing; B's team lost 10,000.00: A owes B 100.00 (UNPAID). */
async function unpaidBill() {
  const setup = ctx(new Date('2025-03-01T00:00:00Z'));
  const a = await agentUnder(null, MEMBER_TYPE.AGENT_1);
  const b = await agentUnder(a.member, MEMBER_TYPE.AGENT_2);
  const p1 = (await createMember(t.app.db, merchant.id, { uplineId: b.member.id })).member;
  const p3 = (await createMember(t.app.db, merchant.id, { uplineId: a.member.id })).member;
  const terms = { basis: 'LOSS_RATE' as const, tiers: [tier('0.00', 0, 100)] };
  await giveContract(setup, null, a.member, 'DAILY_SALARY', terms);
  const contractB = await giveContract(setup, a.member, b.member, 'DAILY_SALARY', terms);
  await playRound(t.app.db, merchant, p1, { bet: '10000.00', payout: '0.00', closedAt: NOON });
  await playRound(t.app.db, merchant, p3, { bet: '1000.00', payout: '21000.00', closedAt: NOON });
  await settleContracts(ctx(), {
    type: 'DAILY_SALARY',
    period: 'DAILY',
    bounds: periodContaining('DAILY', NOON, merchant.utcOffsetMinutes),
  });
  const [bill] = await t.app.db.select().from(agentContractBills).where(eq(agentContractBills.contractId, contractB));
  if (!bill) throw new Error('no bill');
  expect([bill.amountDue, bill.amountPaid, bill.status]).toEqual([money('100.00'), 0n, 'UNPAID']);
  return { a, b, billId: bill.id };
}

function pay(agent: Agent, billId: number, body: { paymentPassword?: string; idempotencyKey?: string }, language = 'EN') {
  return client.call('POST', AGENT_PATHS.payBill.replace(':id', String(billId)), {
    token: agent.token,
    headers: { language },
    body: { paymentPassword: PAY_PASSWORD, idempotencyKey: `k-${uniqueSuffix(12)}`, ...body },
  });
}

async function balances(member: MemberRow) {
  const found = await getMemberBalances(t.app.db, { merchantId: merchant.id, memberId: member.id });
  return { cash: formatAmount(found.available), earnings: formatAmount(found.agentEarnings) };
}

async function billRow(id: number) {
  const [bill] = await t.app.db.select().from(agentContractBills).where(eq(agentContractBills.id, id));
  if (!bill) throw new Error('no bill');
  return bill;
}

/** Puts money in a member's AGENT_EARNINGS (an operator adjustment), as a bill received earlier would. */
async function fundEarnings(member: MemberRow, amount: string) {
  const earnings = await openAccount(t.app.db, {
    merchantId: merchant.id,
    code: 'AGENT_EARNINGS',
    currency: merchant.currency,
    ownerMemberId: member.id,
  });
  const adjustment = await openAccount(t.app.db, { merchantId: merchant.id, code: 'ADJUSTMENT', currency: merchant.currency });
  await postTransfer(t.app.db, {
    merchantId: merchant.id,
    idempotencyKey: `test-earnings:${member.id}:${uniqueSuffix(12)}`,
    type: 'adjustment',
    entries: [
      { accountId: adjustment.id, amount: -money(amount) },
      { accountId: earnings.id, amount: money(amount) },
    ],
  });
}

describe('pay now', () => {
  it('only the payer may pay: the payee, an outsider agent and a wrong payment password move nothing', async () => {
    const { a, b, billId } = await unpaidBill();
    await fundCash(t.app.db, merchant, a.member, '500.00');
    const outsider = await agentUnder(null, MEMBER_TYPE.AGENT_1);
    await fundCash(t.app.db, merchant, outsider.member, '500.00');

    const byPayee = await pay(b, billId, {});
    expect([byPayee.statusCode, byPayee.json().code]).toEqual([404, 'BILL_NOT_FOUND']);
    const byOutsider = await pay(outsider, billId, {}, 'BN');
    expect([byOutsider.statusCode, byOutsider.json().code, byOutsider.json().message]).toEqual([404, 'BILL_NOT_FOUND', 'বিলটি পাওয়া যায়নি']);
    const wrongPassword = await pay(a, billId, { paymentPassword: 'Wrong@999' });
    expect([wrongPassword.statusCode, wrongPassword.json().code]).toEqual([422, 'PAYMENT_PASSWORD_INVALID']);

    expect(await balances(a.member)).toEqual({ cash: '500.00', earnings: '0.00' });
    expect(await balances(outsider.member)).toEqual({ cash: '500.00', earnings: '0.00' });
    expect(await balances(b.member)).toEqual({ cash: '0.00', earnings: '0.00' });
    expect((await billRow(billId)).status).toBe('UNPAID');
  });

  it('pays earnings first, then cash; partial when short; never more than is owed', async () => {
    const { a, b, billId } = await unpaidBill();
    await fundEarnings(a.member, '20.00');
    await fundCash(t.app.db, merchant, a.member, '10.00');

    const first = await pay(a, billId, {});
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({ paidNow: '30.00', remaining: '70.00', bill: { status: 'PARTIAL', amountPaid: '30.00' } });
    expect(await balances(a.member)).toEqual({ cash: '0.00', earnings: '0.00' });
    expect(await balances(b.member)).toEqual({ cash: '0.00', earnings: '30.00' });

    const broke = await pay(a, billId, {});
    expect([broke.statusCode, broke.json().code]).toEqual([409, 'INSUFFICIENT_FUNDS']);

    await fundEarnings(a.member, '5.00');
    await fundCash(t.app.db, merchant, a.member, '500.00');
    const second = await pay(a, billId, {});
    expect(second.json().value).toMatchObject({ paidNow: '70.00', remaining: '0.00', bill: { status: 'PAID', amountPaid: '100.00' } });
    // 5.00 from earnings, 65.00 from cash: never above the 70.00 still owed.
    expect(await balances(a.member)).toEqual({ cash: '435.00', earnings: '0.00' });
    expect(await balances(b.member)).toEqual({ cash: '0.00', earnings: '100.00' });

    const again = await pay(a, billId, {});
    expect([again.statusCode, again.json().code]).toEqual([409, 'BILL_ALREADY_PAID']);
    const bill = await billRow(billId);
    expect([bill.amountPaid, bill.status]).toEqual([money('100.00'), 'PAID']);
    const transfers = await t.app.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.referenceId, String(billId)));
    expect(transfers.filter((transfer) => transfer.referenceKind === 'agent_bill')).toHaveLength(2);
  });

  it('a repeated key is applied once, also concurrently and after the payer got more money', async () => {
    const { a, b, billId } = await unpaidBill();
    await fundCash(t.app.db, merchant, a.member, '30.00');
    const key = `repeat-${uniqueSuffix(12)}`;

    const answers = await Promise.all([pay(a, billId, { idempotencyKey: key }), pay(a, billId, { idempotencyKey: key })]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json().value).toMatchObject({ paidNow: '30.00', remaining: '70.00' });
    }
    await fundCash(t.app.db, merchant, a.member, '200.00');
    const replay = await pay(a, billId, { idempotencyKey: key });
    expect(replay.json().value).toMatchObject({ paidNow: '30.00', remaining: '70.00', bill: { status: 'PARTIAL' } });

    expect(await balances(a.member)).toEqual({ cash: '200.00', earnings: '0.00' });
    expect(await balances(b.member)).toEqual({ cash: '0.00', earnings: '30.00' });
    const keyed = await t.app.db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `agent-bill-now:${billId}:%`));
    expect(keyed).toHaveLength(1);
  });

  it('pay now and a settlement run at the same time pay the remainder once', async () => {
    const { a, b, billId } = await unpaidBill();
    await fundCash(t.app.db, merchant, a.member, '1000.00');
    const [answer] = await Promise.all([
      pay(a, billId, {}),
      payOutstandingBills(ctx(), { type: 'DAILY_SALARY', billIds: [billId] }),
      payOutstandingBills(ctx(), { type: 'DAILY_SALARY', billIds: [billId] }),
    ]);
    // Whoever locked the bill first paid it; the request either paid 100.00 or found it paid.
    expect([200, 409]).toContain(answer.statusCode);
    const bill = await billRow(billId);
    expect([bill.amountPaid, bill.status]).toEqual([money('100.00'), 'PAID']);
    expect(await balances(a.member)).toEqual({ cash: '900.00', earnings: '0.00' });
    expect(await balances(b.member)).toEqual({ cash: '0.00', earnings: '100.00' });
  });

  it('leaves the ledger balanced', async () => {
    const result = await verifyLedger(t.app.db);
    expect(result.ok).toBe(true);
  });
});
