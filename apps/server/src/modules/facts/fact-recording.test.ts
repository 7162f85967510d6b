import { randomUUID } from 'node:crypto';
import { LAUNCH_PATHS } from '@kismat/contracts/catalogue';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { VENDOR_API_PATHS } from '@kismat/contracts/vendor-wallet';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factQueue } from '../../db/schema/facts';
import { gameRounds } from '../../db/schema/games';
import { buildTestApp, demoSiteConfig, type TestApp } from '../../test/build-test-app';
import { startSandboxDeposit } from '../../test/cashier-acceptance-support';
import { createMember, createMerchant, TestClient, type TestMerchant, uniqueIp } from '../../test/factories';
import { drainFacts } from '../../test/facts-test-kit';
import { buyTicketsAt, drawIssue, fundMember, spinAt } from '../../test/house-games-test-kit';
import { defaultMerchant, firstGameOf, openVendorSession, vendorCall } from '../../test/vendor-test-kit';
import { seedDepositChannels } from '../cashier/seed-deposit-channels';
import { prepareVendorWin } from '../vendor-wallet/settle-vendor-win';
import { settleVendorCallAlone } from '../vendor-wallet/vendor-batch';
import { verifyLedger } from '../wallet/verify-ledger';

/*
 * Every game path and deposit credit records its fact in the money transaction (modules/facts):
 * exactly one per settled real-money round with a valid bet and per credited deposit; none for
 * trial play, rolled-back rounds, refused calls, retries or a second gateway callback.
 */

const VENDOR = 'PT';
const id = () => randomUUID();

describe('facts recorded by the game paths and deposit credits', () => {
  let t: TestApp;
  let site: TestMerchant;
  const at = new Date('2026-03-12T06:00:10Z');

  // Wins go through the group commit here; a replayed (failed) batch would hide a broken batch statement.
  const replayed: unknown[] = [];
  beforeAll(async () => {
    t = await buildTestApp({
      config: demoSiteConfig('facts'),
    });
    site = await createMerchant(t.app.db);
    t.app.vendorBatcher.observe((report) => {
      if (report.outcome === 'replayed') replayed.push(report.error);
    });
  }, 60_000);
  afterAll(async () => {
    expect(replayed).toEqual([]);
    const report = await verifyLedger(t.app.db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
    await t.close();
  });

  const factsOf = (memberId: number) =>
    t.app.db.select().from(factQueue).where(eq(factQueue.memberId, memberId)).orderBy(asc(factQueue.id));

  it('a slot spin enqueues one ROUND fact with its valid bet, payout and game type; a refused or trial spin none', async () => {
    const { member } = await createMember(t.app.db, site.merchant.id);
    await fundMember(t.app.db, site.merchant, member.id, 1_000n);
    const spin = await spinAt(t.app.db, site.merchant, member, { betMinor: 200n, at });
    const { member: broke } = await createMember(t.app.db, site.merchant.id);
    await expect(spinAt(t.app.db, site.merchant, broke, { betMinor: 200n, at })).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    const { member: trial } = await createMember(t.app.db, site.merchant.id, { type: MEMBER_TYPE.TRIAL });
    await spinAt(t.app.db, site.merchant, trial, { betMinor: 100n, at });

    const [round] = await t.app.db
      .select()
      .from(gameRounds)
      .where(eq(gameRounds.vendorRoundId, `slot:${spin.roundId}`));
    expect(await factsOf(member.id)).toEqual([
      expect.objectContaining({
        kind: 'ROUND',
        merchantId: site.merchant.id,
        sourceId: round?.id,
        gameType: round?.gameType,
        amount: 200n,
        payout: spin.payout,
        occurredAt: at,
      }),
    ]);
    expect(round?.gameType).toBe('BGS');
    expect(await factsOf(broke.id)).toEqual([]);
    expect(await factsOf(trial.id)).toEqual([]);
  });

  it('a lottery draw enqueues one ROUND fact per member account, with its tickets stake and wins; pending tickets and trial none', async () => {
    const { member } = await createMember(t.app.db, site.merchant.id);
    const { member: trial } = await createMember(t.app.db, site.merchant.id, { type: MEMBER_TYPE.TRIAL });
    await fundMember(t.app.db, site.merchant, member.id, 100_000n);
    const tickets = [
      { betType: 'SUM_SIZE', selection: 'BIG', amountMinor: 1_000n },
      { betType: 'SUM_SIZE', selection: 'SMALL', amountMinor: 500n },
    ];
    const bought = await buyTicketsAt(t.app.db, site.merchant, member, { gameCode: 'ELOTT_5M', at, tickets });
    await buyTicketsAt(t.app.db, site.merchant, trial, { gameCode: 'ELOTT_5M', at, tickets });
    await buyTicketsAt(t.app.db, site.merchant, member, { gameCode: 'ELOTT_3M', at, tickets });
    expect(await factsOf(member.id)).toEqual([]);

    const won = await drawIssue(t.app.db, bought.issueId);
    const facts = await factsOf(member.id);
    const [round] = await t.app.db
      .select()
      .from(gameRounds)
      .where(eq(gameRounds.id, facts[0]?.sourceId ?? 0));
    expect(facts).toEqual([
      expect.objectContaining({ kind: 'ROUND', amount: 1_500n, payout: won.get(member.id) ?? 0n, gameType: 'ELOTT' }),
    ]);
    expect(round).toMatchObject({ memberId: member.id, betTotal: 1_500n, isTrial: false });
    expect(await factsOf(trial.id)).toEqual([]);
  });

  it('a vendor round enqueues one fact when its win settles it; a retried win, a rollback and trial play enqueue nothing', async () => {
    const opened = await openVendorSession(t.app, VENDOR, 100_00n);
    const roundId = id();
    const bet = { ...opened.session, transactionUuid: id(), roundId, amount: '10.00' };
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet)).status).toBe('RS_OK');
    // Open, not settled: no fact yet.
    expect(await factsOf(opened.member.id)).toEqual([]);
    const win = { ...opened.session, transactionUuid: id(), roundId, amount: '25.50', referenceTransactionUuid: bet.transactionUuid };
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, win)).status).toBe('RS_OK');
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, win)).status).toBe('RS_OK');
    const second = { ...win, transactionUuid: id() };
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, second)).status).toBe('RS_ERROR_ALREADY_SETTLED');
    const [round] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, roundId));
    expect(await factsOf(opened.member.id)).toEqual([
      expect.objectContaining({ kind: 'ROUND', sourceId: round?.id, gameType: round?.gameType, amount: 10_00n, payout: 25_50n }),
    ]);

    // Valid bet is the round's net stake: of two bets, the rolled-back one does not count.
    const partly = id();
    const voided = { ...opened.session, transactionUuid: id(), roundId: partly, amount: '8.00' };
    const kept = { ...opened.session, transactionUuid: id(), roundId: partly, amount: '2.00' };
    await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, voided);
    await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, kept);
    const rollback = { ...opened.session, transactionUuid: id(), roundId: partly, referenceTransactionUuid: voided.transactionUuid };
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, rollback)).status).toBe('RS_OK');
    expect(await factsOf(opened.member.id)).toHaveLength(1);
    const settle = {
      ...opened.session,
      transactionUuid: id(),
      roundId: partly,
      amount: '1.00',
      referenceTransactionUuid: kept.transactionUuid,
    };
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, settle)).status).toBe('RS_OK');

    // A round whose only bet was rolled back has no valid bet: it takes no win and makes no fact.
    const allVoid = id();
    const lone = { ...opened.session, transactionUuid: id(), roundId: allVoid, amount: '4.00' };
    await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, lone);
    await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, {
      ...opened.session,
      transactionUuid: id(),
      roundId: allVoid,
      referenceTransactionUuid: lone.transactionUuid,
    });
    const late = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, {
      ...opened.session,
      transactionUuid: id(),
      roundId: allVoid,
      amount: '0.00',
    });
    expect(late.status).not.toBe('RS_OK');
    expect((await factsOf(opened.member.id)).map((fact) => [fact.amount, fact.payout])).toEqual([
      [10_00n, 25_50n],
      [2_00n, 1_00n],
    ]);

    // A lost round is a fact too: valid bet, no payout.
    const lostRound = id();
    await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, { ...opened.session, transactionUuid: id(), roundId: lostRound, amount: '3.00' });
    await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, { ...opened.session, transactionUuid: id(), roundId: lostRound, amount: '0.00' });
    expect((await factsOf(opened.member.id)).map((fact) => [fact.amount, fact.payout])).toEqual([
      [10_00n, 25_50n],
      [2_00n, 1_00n],
      [3_00n, 0n],
    ]);

    // Fun mode: play money settles rounds but makes no fact.
    const { host } = await defaultMerchant(t.app);
    const client = new TestClient(t.app, host);
    const started = (await client.call('POST', '/wps/session/login/freeplay', { body: {}, ip: uniqueIp() })).json().value;
    const game = await firstGameOf(t.app, VENDOR);
    const launched = await client.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${game.id}&mode=fun`, { token: started.token });
    const launch = new URL(launched.json().value.url as string, 'http://local').searchParams.get('token');
    const auth = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.authenticate, { token: launch });
    const session = { sessionId: auth.sessionId, user: auth.user, gameCode: game.gameCode, currency: auth.currency };
    const funRound = id();
    const funBet = { ...session, transactionUuid: id(), roundId: funRound, amount: '15.00' };
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, funBet)).status).toBe('RS_OK');
    expect(
      (await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, { ...session, transactionUuid: id(), roundId: funRound, amount: '30.00' }))
        .status,
    ).toBe('RS_OK');
    const [funSettled] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, funRound));
    expect(funSettled).toMatchObject({ isTrial: true });
    expect(funSettled?.settledAt).not.toBeNull();
    expect(
      await t.app.db
        .select()
        .from(factQueue)
        .where(and(eq(factQueue.kind, 'ROUND'), eq(factQueue.sourceId, funSettled?.id ?? 0))),
    ).toEqual([]);
  });

  it('the one-call win path (a batch replayed call by call) records the settled round once too', async () => {
    const opened = await openVendorSession(t.app, VENDOR, 50_00n);
    const roundId = id();
    const bet = { ...opened.session, transactionUuid: id(), roundId, amount: '6.00' };
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet)).status).toBe('RS_OK');
    const vendor = await t.app.vendorDirectory.find(VENDOR);
    if (!vendor) throw new Error('vendor missing');
    const call = { db: t.app.db, vendor, directory: t.app.vendorDirectory, now: t.app.now() };
    const win = {
      ...opened.session,
      requestUuid: id(),
      transactionUuid: id(),
      roundId,
      amount: '4.00',
      isRoundClosed: true,
      referenceTransactionUuid: bet.transactionUuid,
    };
    expect((await settleVendorCallAlone(await prepareVendorWin(call, win))).status).toBe('RS_OK');
    expect((await settleVendorCallAlone(await prepareVendorWin(call, win))).status).toBe('RS_OK');
    expect((await factsOf(opened.member.id)).map((fact) => [fact.kind, fact.amount, fact.payout])).toEqual([['ROUND', 6_00n, 4_00n]]);
  });

  it('a credited deposit enqueues one DEPOSIT fact; a second gateway callback (and parallel ones) enqueue nothing', async () => {
    const { merchant, host } = await defaultMerchant(t.app);
    await seedDepositChannels(t.app.db, merchant.id, { paymentSandbox: true });
    const created = await createMember(t.app.db, merchant.id);
    const client = new TestClient(t.app, host);
    const token = await client.login(created.member.username, created.password ?? '');
    const { depositId, sendPaid: send } = await startSandboxDeposit(t.app, client, token, '150.00');
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await send()).statusCode).toBe(200);
    expect(await factsOf(created.member.id)).toEqual([
      expect.objectContaining({
        kind: 'DEPOSIT',
        merchantId: merchant.id,
        sourceId: depositId,
        gameType: null,
        amount: 150_00n,
        payout: 0n,
      }),
    ]);
    expect((await client.call('GET', '/wps/v2/wallets/balance', { token })).json().value.balance).toBe('150.00');
  });

  it('drainFacts empties the queue with no engines listed yet', async () => {
    await drainFacts(t.app);
    expect(await t.app.db.select().from(factQueue)).toEqual([]);
  });
});
