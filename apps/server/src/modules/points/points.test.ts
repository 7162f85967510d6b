import { randomUUID } from 'node:crypto';
import { OPERATOR_POINTS_PATHS, POINTS_PATHS } from '@kismat/contracts/points';
import { VENDOR_API_PATHS } from '@kismat/contracts/vendor-wallet';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameRounds } from '../../db/schema/games';
import { pointsBalances, pointsEntries } from '../../db/schema/points';
import { buildTestApp, demoSiteConfig, type TestApp } from '../../test/build-test-app';
import { startSandboxDeposit } from '../../test/cashier-acceptance-support';
import { createMember, TestClient, uniqueIp, uniqueSuffix } from '../../test/factories';
import { drainFacts } from '../../test/facts-test-kit';
import { buyTicketsAt, drawIssue, fundMember, spinAt } from '../../test/house-games-test-kit';
import { defaultMerchant, openVendorSession, vendorCall } from '../../test/vendor-test-kit';
import { seedDepositChannels } from '../cashier/seed-deposit-channels';
import { verifyLedger } from '../wallet/verify-ledger';
import { verifyPointsLedger } from './verify-points-ledger';

/*
 * Points end to end: facts earn at the exchange rate table exactly once, the mall and conversion
 * through the member relays (E, payment password), the operator's review, and the verifier.
 */

const ROOT = 'root-token-for-points-tests-0001';
const PIN = '246810';

describe('points', () => {
  let t: TestApp;
  let host: string;
  let merchantCode: string;
  let merchantId: number;
  const operator = { authorization: `Bearer ${ROOT}` };

  beforeAll(async () => {
    t = await buildTestApp({
      config: demoSiteConfig('points', { OPERATOR_TOKEN: ROOT }),
    });
    const site = await defaultMerchant(t.app);
    host = site.host;
    merchantCode = site.merchant.code;
    merchantId = site.merchant.id;
    // 1 point per 1.00 of slots, 2 points per 1.00 of lottery, 1 per 10.00 of PVP/LIVE..., 1 per 1.00 deposited.
    const rates = await t.app.inject({
      method: 'PUT',
      url: OPERATOR_POINTS_PATHS.exchangeRates.replace(':code', merchantCode),
      headers: operator,
      payload: {
        rates: [
          { category: 'DEPOSIT', unitAmount: '1.00', unitPoints: 1, isEnabled: true },
          { category: 'SLOTS', unitAmount: '2.00', unitPoints: 1, isEnabled: true },
          { category: 'LOTTERY', unitAmount: '1.00', unitPoints: 2, isEnabled: true },
          { category: 'LIVE', unitAmount: '10.00', unitPoints: 1, isEnabled: true },
          { category: 'PVP', unitAmount: '10.00', unitPoints: 1, isEnabled: true },
          { category: 'SPORTS', unitAmount: '10.00', unitPoints: 1, isEnabled: true },
          { category: 'FISH', unitAmount: '10.00', unitPoints: 1, isEnabled: true },
        ],
      },
    });
    expect(rates.statusCode, rates.body).toBe(200);
  }, 60_000);

  afterAll(async () => {
    expect((await verifyLedger(t.app.db)).ok).toBe(true);
    const points = await verifyPointsLedger(t.app.db);
    expect(points.ok, JSON.stringify(points)).toBe(true);
    await t.close();
  });

  async function memberWithPin() {
    const { member, password } = await createMember(t.app.db, merchantId, { paymentPassword: PIN });
    const client = new TestClient(t.app, host);
    const token = await client.login(member.username, password ?? '', { ip: uniqueIp() });
    return { member, client, token };
  }
  const earnsOf = (memberId: number) => t.app.db.select().from(pointsEntries).where(eq(pointsEntries.memberId, memberId));
  const balanceOf = async (client: TestClient, token: string) =>
    (await client.call('GET', POINTS_PATHS.balance, { token })).json().value.balance as number;

  it('a spin, a lottery ticket, a vendor round and a deposit each earn the configured points exactly once', async () => {
    const { member, client, token } = await memberWithPin();
    const site = (await defaultMerchant(t.app)).merchant;
    await fundMember(t.app.db, site, member.id, 1_000_000n);
    // Three spins of 1.00 at 1 point per 2.00: the part below a unit carries over, so together they earn 1 point.
    const at = new Date();
    for (let spin = 0; spin < 3; spin++) await spinAt(t.app.db, site, member, { betMinor: 100n, at });
    // A lottery slip of 15.00 settled by its draw: 30 points.
    const bought = await buyTicketsAt(t.app.db, site, member, {
      gameCode: 'ELOTT_5M',
      at,
      tickets: [{ betType: 'SUM_SIZE', selection: 'BIG', amountMinor: 1_500n }],
    });
    await drawIssue(t.app.db, bought.issueId);
    await drainFacts(t.app);
    await drainFacts(t.app);
    expect(await balanceOf(client, token)).toBe(1 + 30);
    const earns = await earnsOf(member.id);
    expect(earns.map((row) => row.kind)).toEqual(['EARN', 'EARN']);
    expect(earns.every((row) => /^ROUND:\d+$/.test(row.reference))).toBe(true);

    // A vendor round (PVP vendor PT... whatever its game type) with its win retried: one fact, points once.
    const opened = await openVendorSession(t.app, 'PT', 500_00n);
    const roundId = randomUUID();
    const bet = { ...opened.session, transactionUuid: randomUUID(), roundId, amount: '100.00' };
    expect((await vendorCall(t.app, 'PT', VENDOR_API_PATHS.bet, bet)).status).toBe('RS_OK');
    const win = {
      ...opened.session,
      transactionUuid: randomUUID(),
      roundId,
      amount: '5.00',
      referenceTransactionUuid: bet.transactionUuid,
    };
    expect((await vendorCall(t.app, 'PT', VENDOR_API_PATHS.win, win)).status).toBe('RS_OK');
    expect((await vendorCall(t.app, 'PT', VENDOR_API_PATHS.win, win)).status).toBe('RS_OK');
    await drainFacts(t.app);
    const vendorEarns = await earnsOf(opened.member.id);
    expect(vendorEarns).toHaveLength(1);
    const [round] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, roundId));
    // 100.00 of valid bet at the table above: 50 points for slots, 10 for live or PVP, 200 for lottery.
    const expected: Record<string, bigint> = { RNG: 50n, BGS: 50n, LIVE: 10n, PVP: 10n, FISH: 10n, SPORTS: 10n, LOTT: 200n, ELOTT: 200n };
    expect(vendorEarns[0]?.delta).toBe(expected[round?.gameType ?? '']);
    expect(vendorEarns[0]?.reference).toBe(`ROUND:${round?.id}`);

    // A deposit of 150.00 through the sandbox gateway, its callback sent three times: 150 points once.
    await seedDepositChannels(t.app.db, merchantId, { paymentSandbox: true });
    const { sendPaid: send } = await startSandboxDeposit(t.app, client, token, '150.00');
    await Promise.all([send(), send(), send()]);
    await drainFacts(t.app);
    expect(await balanceOf(client, token)).toBe(31 + 150);
    const deposits = (await earnsOf(member.id)).filter((row) => row.reference.startsWith('DEPOSIT:'));
    expect(deposits).toHaveLength(1);
  });

  async function addItem(body: Record<string, unknown>) {
    const response = await t.app.inject({
      method: 'POST',
      url: OPERATOR_POINTS_PATHS.items.replace(':code', merchantCode),
      headers: operator,
      payload: { imageUrl: '/images/points/x.svg', perMemberLimit: null, isEnabled: true, sortOrder: 0, ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value.id as number;
  }

  async function grantPoints(memberId: number, points: bigint) {
    await t.app.db.transaction(async (tx) => {
      const { postPointsEntry } = await import('./post-points-entry');
      await postPointsEntry(tx, {
        merchantId,
        memberId,
        delta: points,
        kind: 'ADJUST',
        reference: `test:${randomUUID()}`,
        now: new Date(),
      });
    });
  }

  it('30 parallel redemptions of the last item in stock: exactly one succeeds, the others keep their points', async () => {
    const itemId = await addItem({ names: { bn: 'শেষ', en: 'Last one', sw: 'Ya mwisho' }, kind: 'GOODS', points: 100, stock: 1 });
    const players = await Promise.all(Array.from({ length: 30 }, () => memberWithPin()));
    for (const player of players) await grantPoints(player.member.id, 500n);
    const answers = await Promise.all(
      players.map((player) =>
        player.client.call('POST', POINTS_PATHS.redeem, {
          token: player.token,
          encrypt: true,
          body: {
            itemId,
            quantity: 1,
            receivingAddress: 'House 1, Road 2, Dhaka',
            paymentPassword: PIN,
            idempotencyKey: `r-${uniqueSuffix(12)}`,
          },
        }),
      ),
    );
    const codes = answers.map((answer) => answer.json().code as string);
    expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
    expect(codes.filter((code) => code === 'POINTS_OUT_OF_STOCK')).toHaveLength(29);
    const balances = await t.app.db
      .select({ balance: pointsBalances.balance })
      .from(pointsBalances)
      .where(sql`${pointsBalances.memberId} = ANY(${`{${players.map((player) => player.member.id).join(',')}}`}::bigint[])`);
    expect(balances.map((row) => row.balance).sort()).toEqual([...Array(29).fill(500n), 400n].sort());
  }, 60_000);

  it('a rejected redemption restores the points and shows the reason; an approved cash voucher is credited once', async () => {
    const voucher = await addItem({
      names: { bn: 'ভাউচার', en: 'Voucher', sw: 'Vocha' },
      kind: 'CASH',
      points: 200,
      cashAmount: '20.00',
      stock: 10,
      perMemberLimit: 2,
    });
    const { member, client, token } = await memberWithPin();
    await grantPoints(member.id, 1_000n);
    const redeem = (key: string) =>
      client.call('POST', POINTS_PATHS.redeem, {
        token,
        encrypt: true,
        body: { itemId: voucher, quantity: 1, paymentPassword: PIN, idempotencyKey: key },
      });
    const first = await redeem(`a-${uniqueSuffix(12)}`);
    expect(first.json().value).toMatchObject({ balance: 800, redemption: { status: 'IN_PROCESS', points: 200, amount: '20.00' } });
    const secondKey = `b-${uniqueSuffix(12)}`;
    const second = await redeem(secondKey);
    expect((await redeem(secondKey)).json().value.redemption.id).toBe(second.json().value.redemption.id);
    // The per-member limit (2) counts redemptions in process.
    expect((await redeem(`c-${uniqueSuffix(12)}`)).json().code).toBe('POINTS_ITEM_LIMIT_REACHED');
    expect(await balanceOf(client, token)).toBe(600);

    const reject = await t.app.inject({
      method: 'POST',
      url: OPERATOR_POINTS_PATHS.redemptionReject.replace(':code', merchantCode).replace(':id', String(first.json().value.redemption.id)),
      headers: operator,
      payload: { reason: 'Address not verified' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(await balanceOf(client, token)).toBe(800);
    const approvePath = OPERATOR_POINTS_PATHS.redemptionApprove
      .replace(':code', merchantCode)
      .replace(':id', String(second.json().value.redemption.id));
    const approvals = await Promise.all([0, 1].map(() => t.app.inject({ method: 'POST', url: approvePath, headers: operator })));
    expect(approvals.map((answer) => answer.json().code).sort()).toEqual(['OK', 'REQUEST_NOT_PENDING']);
    expect((await client.call('GET', '/wps/v2/wallets/balance', { token })).json().value.balance).toBe('20.00');

    const list = (await client.call('GET', POINTS_PATHS.redemptions, { token })).json().value;
    expect(list.total).toBe(2);
    expect(list.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'REJECTED', remark: 'Address not verified', points: 200 }),
        expect.objectContaining({ status: 'APPROVED', amount: '20.00', amountRequirement: '20.00' }),
      ]),
    );
  });

  it('conversion pays once at the configured rate, with its turnover requirement; below the minimum is refused', async () => {
    const { member, client, token } = await memberWithPin();
    await grantPoints(member.id, 1_000n);
    const key = `v-${uniqueSuffix(12)}`;
    const convert = (points: number, idempotencyKey = `v-${uniqueSuffix(12)}`) =>
      client.call('POST', POINTS_PATHS.convert, { token, encrypt: true, body: { points, paymentPassword: PIN, idempotencyKey } });
    expect((await convert(50)).json().code).toBe('POINTS_BELOW_MINIMUM');
    const answers = await Promise.all([convert(500, key), convert(500, key)]);
    expect(answers.map((answer) => answer.json().code)).toEqual(['OK', 'OK']);
    expect(answers[0]?.json().value.redemption.id).toBe(answers[1]?.json().value.redemption.id);
    // Seeded rate: 100 points give 1.00, turnover 1x.
    expect(answers[0]?.json().value.redemption).toMatchObject({
      type: 'CONVERT',
      status: 'APPROVED',
      amount: '5.00',
      amountRequirement: '5.00',
    });
    expect(await balanceOf(client, token)).toBe(500);
    expect((await client.call('GET', '/wps/v2/wallets/balance', { token })).json().value.balance).toBe('5.00');
  });

  it('the payment password lockout applies to both password-checked relays', async () => {
    const { member, client, token } = await memberWithPin();
    await grantPoints(member.id, 1_000n);
    const wrong = (pathName: string, body: Record<string, unknown>) =>
      client.call('POST', pathName, {
        token,
        encrypt: true,
        body: { ...body, paymentPassword: '999999', idempotencyKey: `w-${uniqueSuffix(12)}` },
      });
    const codes: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) codes.push((await wrong(POINTS_PATHS.convert, { points: 100 })).json().code);
    for (let attempt = 0; attempt < 3; attempt++) codes.push((await wrong(POINTS_PATHS.redeem, { itemId: 1, quantity: 1 })).json().code);
    expect(codes).toEqual([
      'PAYMENT_PASSWORD_INVALID',
      'PAYMENT_PASSWORD_INVALID',
      'PAYMENT_PASSWORD_INVALID',
      'PAYMENT_PASSWORD_INVALID',
      'PAYMENT_PASSWORD_LOCKED',
      'PAYMENT_PASSWORD_LOCKED',
    ]);
    // Locked: even the right password is refused, and nothing moved.
    const right = await client.call('POST', POINTS_PATHS.convert, {
      token,
      encrypt: true,
      body: { points: 100, paymentPassword: PIN, idempotencyKey: `x-${uniqueSuffix(12)}` },
    });
    expect(right.json().code).toBe('PAYMENT_PASSWORD_LOCKED');
    expect(await balanceOf(client, token)).toBe(1_000);
  });

  it('the config relay shows the exchange rate table and the rules in the request language', async () => {
    const { client, token } = await memberWithPin();
    const config = (await client.call('GET', POINTS_PATHS.config, { token })).json().value;
    expect(config.exchangeRates).toEqual(
      expect.arrayContaining([{ category: 'SLOTS', unitAmount: '2.00', unitPoints: 1, isEnabled: true }]),
    );
    expect(config.conversion).toMatchObject({ points: 100, amount: '1.00', minPoints: 100, turnoverMultiplier: 1 });
    expect(config.rules).toContain('never expire');
  });

  it('the operator reads the conversion settings back after saving them (a saved row answers the strict shape)', async () => {
    const url = OPERATOR_POINTS_PATHS.settings.replace(':code', merchantCode);
    const current = await t.app.inject({ url, headers: operator });
    expect(current.statusCode, current.body).toBe(200);
    const saved = await t.app.inject({ method: 'PUT', url, headers: operator, payload: current.json().value });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await t.app.inject({ url, headers: operator });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().value).toEqual(current.json().value);
    expect(Object.keys(again.json().value).sort()).toEqual(
      ['conversionAmount', 'conversionPoints', 'isConversionEnabled', 'minConvertPoints', 'rules', 'turnoverMultiplier'].sort(),
    );
  });

  it('the verifier catches a tampered balance', async () => {
    const { member } = await memberWithPin();
    await grantPoints(member.id, 50n);
    expect((await verifyPointsLedger(t.app.db)).ok).toBe(true);
    await t.app.db.update(pointsBalances).set({ balance: 5_000n }).where(eq(pointsBalances.memberId, member.id));
    const tampered = await verifyPointsLedger(t.app.db);
    expect(tampered).toMatchObject({ ok: false, balancesMismatched: 1, samples: [member.id] });
    await t.app.db.update(pointsBalances).set({ balance: 50n }).where(eq(pointsBalances.memberId, member.id));
  });
  it('all six point relays and the operator routes are documented', async () => {
    const paths = Object.keys((await t.app.inject({ url: '/docs/json' })).json().paths);
    for (const route of Object.values(POINTS_PATHS)) expect(paths).toContain(route);
    const operatorPaths = Object.keys((await t.app.inject({ url: '/admin-api/docs/json', headers: operator })).json().paths);
    expect(operatorPaths).toContain('/admin-api/merchants/{code}/points/redemptions/{id}/approve');
  });

  it("the demo seed adds the mall items and the demo player's points once, however often it runs", async () => {
    const { seedDatabase } = await import('../../seed/seed');
    await seedDatabase(t.app.db, { demo: true });
    await seedDatabase(t.app.db, { demo: true });
    const { DEMO_ACCOUNTS } = await import('../member/index');
    const client = new TestClient(t.app, host);
    const token = await client.login(DEMO_ACCOUNTS.player.username, DEMO_ACCOUNTS.player.password, { ip: uniqueIp() });
    expect(await balanceOf(client, token)).toBe(3_000);
    const rewards = (await client.call('GET', POINTS_PATHS.rewards, { token })).json().value.list as Array<{ name: string; kind: string }>;
    expect(rewards.filter((item) => ['৳100 cash voucher', 'Smart watch'].includes(item.name))).toHaveLength(2);
    expect(rewards.filter((item) => item.name === '৳100 cash voucher')).toHaveLength(1);
    const levels = (await client.call('GET', '/wps/vip/levels')).json().value.list as Array<{ rank: number; name: string }>;
    expect(levels.map((level) => level.name)).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond', 'Crown']);
  });
});
