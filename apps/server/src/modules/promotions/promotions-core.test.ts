import { randomUUID } from 'node:crypto';
import { CASHIER_PATHS } from '@kismat/contracts/cashier';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { OPERATOR_PROMOTION_PATHS, PROMOTION_PATHS } from '@kismat/contracts/promotions';
import { VENDOR_API_PATHS } from '@kismat/contracts/vendor-wallet';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { promotionAwards, promotions, turnoverRequirements } from '../../db/schema/promotions';
import type { TestApp } from '../../test/build-test-app';
import { bindBankAccount, channelOf, sendSandboxCallback } from '../../test/cashier-acceptance-support';
import { type TestClient, type TestMerchant, uniqueSuffix } from '../../test/factories';
import { drainFacts } from '../../test/facts-test-kit';
import { fundMember } from '../../test/house-games-test-kit';
import { capBetsAt } from '../../test/promotions-test-kit';
import { useSandboxShop } from '../../test/shop-fixture';
import { openVendorSession, vendorCall } from '../../test/vendor-test-kit';
import { verifyLedger } from '../wallet/verify-ledger';
import { expireDueRequirements } from './expire-requirements';
import { seedDemoDepositPromotions } from './seed-deposit-promotions';

/*
 * The promotions core through HTTP on PostgreSQL (issue 14 acceptance): the 70 % first-deposit
 * bonus credited once under 20 parallel gateway callbacks, a budget never exceeded under 50
 * parallel claims, the withdrawal gate and the max bet, forfeit, expiry and waive moving money
 * back (or not), and the ledger verifying after each.
 */

const OPERATOR_TOKEN = 'operator-token-for-promotions';
const PAY = 'Pay@2025x';
const operatorHeaders = { authorization: `Bearer ${OPERATOR_TOKEN}` };

let t: TestApp;
let site: TestMerchant;
let client: TestClient;

const newPlayer = useSandboxShop(
  (fixture) => {
    ({ t, shop: site, client } = fixture);
  },
  { suite: 'promotions', operatorToken: OPERATOR_TOKEN, language: 'EN' },
);

async function expectLedgerOk() {
  const verdict = await verifyLedger(t.app.db);
  expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
}

const player = () => newPlayer({ paymentPassword: PAY });

const operator = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  client.call(method, url, { headers: operatorHeaders, ...(body === undefined ? {} : { body }) });

/** A promotion created through the operator API and published. */
async function livePromotion(overrides: Record<string, unknown>) {
  const created = await operator('POST', OPERATOR_PROMOTION_PATHS.create, {
    merchant: site.merchant.code,
    kind: 'FIRST_DEPOSIT',
    title: { BN: 'প্রথম জমায় ৭০% বোনাস', EN: '70% first deposit bonus', SW: 'Bonasi ya 70% ya amana ya kwanza' },
    body: { BN: 'বিবরণ', EN: 'Details', SW: 'Maelezo' },
    startsAt: new Date(Date.now() - 3_600_000).toISOString(),
    claimMode: 'AUTOMATIC',
    reward: { kind: 'PERCENT', percentBp: 7000, cap: '7000.00' },
    turnoverMultipleBp: 10_000,
    maxBet: '100.00',
    ...overrides,
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().value.id as number;
  const published = await operator(
    'POST',
    `${OPERATOR_PROMOTION_PATHS.publish.replace(':id', String(id))}?merchant=${site.merchant.code}`,
    {},
  );
  expect(published.statusCode, published.body).toBe(200);
  expect(published.json().value.status).toBe('LIVE');
  return id;
}

const sandboxChannelId = async () => (await channelOf(t.app.db, site.merchant.id, 'sandbox')).id;

/** The provider's signed `paid` callback for a deposit (the same event each time: a gateway resending). */
const paidCallback = (depositId: number) => sendSandboxCallback(t.app, depositId);

const balanceOf = async (token: string) => (await client.call('GET', CASHIER_PATHS.balance, { token })).json().value.balance as string;
const spin = (token: string, betLevel: string) =>
  client.call('POST', HOUSE_GAME_PATHS.spin, {
    token,
    body: { titleId: 'bengal-tiger', betLevel, idempotencyKey: `spin-${uniqueSuffix(12)}` },
  });
const withdraw = (token: string, bankAccountId: number, amount: string) =>
  client.call('POST', CASHIER_PATHS.withdrawals, {
    token,
    body: { bankAccountId, amount, paymentPassword: PAY, idempotencyKey: `wd-${uniqueSuffix(12)}` },
  });

describe('the 70% first-deposit bonus, its turnover, the max bet and the withdrawal gate', () => {
  it('credits 70% of a ৳500 first deposit once under 20 parallel gateway callbacks, then gates withdrawal on turnover', async () => {
    await operator('PUT', OPERATOR_PROMOTION_PATHS.settings, { merchant: site.merchant.code, depositTurnoverBp: 0 });
    const promotionId = await livePromotion({});
    const member = await player();
    const bankAccountId = await bindBankAccount(t.app.db, site.merchant.id, member.member.id);

    const preview = await client.call('GET', `${PROMOTION_PATHS.depositPreview}?amount=500.00`, { token: member.token });
    expect(preview.json().value).toMatchObject({ amount: '500.00', bonus: '350.00', depositTurnover: '0.00' });

    const order = await client.call('POST', CASHIER_PATHS.deposits, {
      token: member.token,
      body: { channelId: await sandboxChannelId(), amount: '500.00', idempotencyKey: `dep-${uniqueSuffix(12)}` },
    });
    expect(order.statusCode, order.body).toBe(200);
    const depositId = order.json().value.id as number;
    const callbacks = await Promise.all(Array.from({ length: 20 }, () => paidCallback(depositId)));
    expect(callbacks.every((answer) => answer.statusCode === 200)).toBe(true);
    await drainFacts(t.app);

    const awards = await t.app.db.select().from(promotionAwards).where(eq(promotionAwards.memberId, member.member.id));
    expect(awards.map((award) => [award.promotionId, award.amount, award.status])).toEqual([[promotionId, 35_000n, 'CREDITED']]);
    expect(await balanceOf(member.token)).toBe('850.00');
    await expectLedgerOk();

    const details = (await client.call('GET', PROMOTION_PATHS.bonusDetails, { token: member.token })).json().value;
    expect(details.totalLeft).toBe('350.00');
    expect(details.items[0]).toMatchObject({
      source: 'PROMOTION',
      amount: '350.00',
      required: '350.00',
      done: '0.00',
      left: '350.00',
      maxBet: '100.00',
    });
    const listed = (await client.call('GET', PROMOTION_PATHS.list, { token: member.token })).json().value.list;
    expect(listed.find((item: { id: number }) => item.id === promotionId)?.me).toMatchObject({
      status: 'Process',
      progress: { left: '350.00' },
    });

    const refused = await withdraw(member.token, bankAccountId, '100.00');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TURNOVER_NOT_MET', value: { left: '350.00' } });
    expect(refused.json().message).toContain('350.00');

    // Above the bonus's max bet: refused at placement, nothing moves.
    const tooBig = await spin(member.token, '200.00');
    expect(tooBig.json()).toMatchObject({ code: 'MAX_BET_EXCEEDED', value: { maxBet: '100.00' } });

    for (let index = 0; index < 4; index += 1) expect((await spin(member.token, '100.00')).statusCode).toBe(200);
    const allowed = await withdraw(member.token, bankAccountId, '100.00');
    expect(allowed.statusCode, allowed.body).toBe(200);
    const [requirement] = await t.app.db.select().from(turnoverRequirements).where(eq(turnoverRequirements.memberId, member.member.id));
    expect(requirement).toMatchObject({ status: 'MET', done: 35_000n });
    await expectLedgerOk();

    // A second deposit is not a first deposit: no second award.
    const second = await client.call('POST', CASHIER_PATHS.deposits, {
      token: member.token,
      body: { channelId: await sandboxChannelId(), amount: '300.00', idempotencyKey: `dep-${uniqueSuffix(12)}` },
    });
    await paidCallback(second.json().value.id as number);
    await drainFacts(t.app);
    expect(await t.app.db.select().from(promotionAwards).where(eq(promotionAwards.memberId, member.member.id))).toHaveLength(1);
    await operator('POST', `${OPERATOR_PROMOTION_PATHS.end.replace(':id', String(promotionId))}?merchant=${site.merchant.code}`, {});
  }, 60_000);

  it('refuses a vendor bet above the max bet with the aggregator bet-limit status, and takes one within it', async () => {
    const { session, member, merchant } = await openVendorSession(t.app, 'PT', 500_00n);
    await capBetsAt(t.app.db, { merchantId: merchant.id, memberId: member.id, maxBet: 20_00n });
    const over = await vendorCall(t.app, 'PT', VENDOR_API_PATHS.bet, {
      ...session,
      transactionUuid: randomUUID(),
      roundId: randomUUID(),
      amount: '20.01',
    });
    expect(over.status).toBe('RS_ERROR_BET_LIMIT_EXCEEDED');
    const within = await vendorCall(t.app, 'PT', VENDOR_API_PATHS.bet, {
      ...session,
      transactionUuid: randomUUID(),
      roundId: randomUUID(),
      amount: '20.00',
    });
    expect(within).toMatchObject({ status: 'RS_OK', balance: '480.00' });
    await expectLedgerOk();
  });

  it('refuses a lottery slip whose largest ticket is above the max bet, before anything is stored', async () => {
    const member = await player();
    await fundMember(t.app.db, site.merchant, member.member.id, 100_00n);
    await capBetsAt(t.app.db, { merchantId: site.merchant.id, memberId: member.member.id, maxBet: 5_00n });
    const slip = (amounts: string[]) =>
      client.call('POST', HOUSE_GAME_PATHS.placeLotteryBet, {
        token: member.token,
        body: {
          issueId: '1',
          idempotencyKey: randomUUID(),
          tickets: amounts.map((amount) => ({ betType: 'SUM_SIZE', selection: 'BIG', amount })),
        },
      });
    const over = await slip(['2.00', '5.01']);
    expect(over.json()).toMatchObject({ code: 'MAX_BET_EXCEEDED', value: { maxBet: '5.00' } });
    const within = await slip(['2.00', '5.00']);
    expect(within.json().code).not.toBe('MAX_BET_EXCEEDED');
    expect(await balanceOf(member.token)).toBe('100.00');
  });
});

describe('claims, budget, forfeit, expiry and waive', () => {
  it('never exceeds the budget under 50 parallel claims, and a second claim in the period is a replay', async () => {
    const promotionId = await livePromotion({
      kind: 'RAFFLE',
      claimMode: 'CLAIM',
      reward: { kind: 'FIXED', amount: '10.00' },
      maxBet: null,
      budget: '100.00',
      limitPeriod: 'DAY',
    });
    // The raffle kind may register its own claim; the core's generic claim is what this test is about.
    await t.app.db.update(promotions).set({ kind: 'ACTIVITY' }).where(eq(promotions.id, promotionId));
    const members = await Promise.all(Array.from({ length: 50 }, () => player()));
    const answers = await Promise.all(
      members.map((member) => client.call('POST', PROMOTION_PATHS.claim.replace(':id', String(promotionId)), { token: member.token })),
    );
    const codes = answers.map((answer) => answer.json().code as string);
    expect(codes.filter((code) => code === 'OK')).toHaveLength(10);
    expect(codes.filter((code) => code !== 'OK').every((code) => code === 'PROMOTION_BUDGET_EXHAUSTED')).toBe(true);
    const [row] = await t.app.db.select().from(promotions).where(eq(promotions.id, promotionId));
    expect(row?.budgetUsed).toBe(100_00n);
    const winner = members[answers.findIndex((answer) => answer.json().code === 'OK')];
    const again = await client.call('POST', PROMOTION_PATHS.claim.replace(':id', String(promotionId)), { token: winner?.token });
    expect(again.json().value).toMatchObject({ isReplay: true, amount: '10.00' });
    await expectLedgerOk();
  }, 120_000);

  it('forfeit returns the unspent bonus (at most the cash there is); expiry does the same; waive moves nothing', async () => {
    const promotionId = await livePromotion({
      kind: 'ACTIVITY',
      claimMode: 'CLAIM',
      reward: { kind: 'FIXED', amount: '50.00' },
      maxBet: null,
      expiryDays: 3,
    });
    const claimOf = async () => {
      const member = await player();
      const claimed = await client.call('POST', PROMOTION_PATHS.claim.replace(':id', String(promotionId)), { token: member.token });
      expect(claimed.statusCode, claimed.body).toBe(200);
      return { member, requirementId: claimed.json().value.requirement.id as number };
    };

    const forfeiting = await claimOf();
    await fundMember(t.app.db, site.merchant, forfeiting.member.member.id, 20_00n);
    const forfeited = await client.call('POST', PROMOTION_PATHS.forfeit.replace(':id', String(forfeiting.requirementId)), {
      token: forfeiting.member.token,
    });
    expect(forfeited.json().value).toMatchObject({ returnedAmount: '50.00', requirement: { status: 'FORFEITED' } });
    expect(await balanceOf(forfeiting.member.token)).toBe('20.00');
    const twice = await client.call('POST', PROMOTION_PATHS.forfeit.replace(':id', String(forfeiting.requirementId)), {
      token: forfeiting.member.token,
    });
    expect(twice.json().code).toBe('REQUEST_NOT_PENDING');
    await expectLedgerOk();

    const expiring = await claimOf();
    // Part of the bonus was lost in play: only what is left goes back.
    expect((await spin(expiring.member.token, '20.00')).statusCode).toBe(200);
    await drainFacts(t.app);
    const before = await balanceOf(expiring.member.token);
    await expireDueRequirements(t.app.db, new Date(Date.now() + 4 * 86_400_000));
    const [expired] = await t.app.db.select().from(turnoverRequirements).where(eq(turnoverRequirements.id, expiring.requirementId));
    expect(expired?.status).toBe('EXPIRED');
    const [award] = await t.app.db.select().from(promotionAwards).where(eq(promotionAwards.memberId, expiring.member.member.id));
    const returned = award?.returnedAmount ?? -1n;
    expect(formatAmount(returned)).toBe(Number(before) >= 50 ? '50.00' : before);
    expect(award?.status).toBe('EXPIRED');
    await expectLedgerOk();

    const waived = await claimOf();
    const answer = await operator(
      'POST',
      `${OPERATOR_PROMOTION_PATHS.waive.replace(':id', String(waived.requirementId))}?merchant=${site.merchant.code}`,
      {
        reason: 'goodwill',
      },
    );
    expect(answer.json().value).toMatchObject({ status: 'WAIVED', left: '0.00' });
    expect(await balanceOf(waived.member.token)).toBe('50.00');
    const awards = await operator('GET', `${OPERATOR_PROMOTION_PATHS.awards}?merchant=${site.merchant.code}&promotionId=${promotionId}`);
    expect(awards.json().value).toMatchObject({ total: 3, totalAmount: '150.00' });
    await expectLedgerOk();
  }, 60_000);
});

describe('the demo seed', () => {
  it('seeds the live 70% first deposit (cap 7000.00, 10x) and a daily reload once, however often it runs', async () => {
    const demo = await t.app.merchants.byDefault();
    await seedDemoDepositPromotions(t.app.db);
    await seedDemoDepositPromotions(t.app.db);
    const rows = await t.app.db
      .select()
      .from(promotions)
      .where(and(eq(promotions.merchantId, demo?.id ?? 0), eq(promotions.createdBy, 'seed')));
    expect(rows.map((row) => [row.kind, row.status, row.reward, row.turnoverMultipleBp]).sort()).toEqual([
      ['FIRST_DEPOSIT', 'LIVE', { kind: 'PERCENT', percentBp: 7000, cap: '700000' }, 100_000],
      ['RELOAD', 'LIVE', { kind: 'PERCENT', percentBp: 1000, cap: '100000' }, 50_000],
    ]);
  });
});
