import { randomUUID } from 'node:crypto';
import { MISSION_PATHS, OPERATOR_MISSION_PATHS } from '@kismat/contracts/missions';
import { VENDOR_API_PATHS } from '@kismat/contracts/vendor-wallet';
import { and, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { leaderboardPayouts, missionProgress } from '../../db/schema/missions';
import { operatorAuditLog } from '../../db/schema/operators';
import { runJobOnce } from '../../platform/scheduler';
import { demoSiteConfig, type TestApp } from '../../test/build-test-app';
import { startSandboxDeposit } from '../../test/cashier-acceptance-support';
import { createMember, TestClient, useRealClock } from '../../test/factories';
import { drainFacts } from '../../test/facts-test-kit';
import { expectLedgerClean } from '../../test/promotion-campaigns-test-kit';
import { useTestApp } from '../../test/shop-fixture';
import { defaultMerchant, openVendorSession, vendorCall } from '../../test/vendor-test-kit';
import { seedDepositChannels } from '../cashier/seed-deposit-channels';
import type { Fact } from '../facts/index';
import { readPointBalance } from '../points/index';
import { closeLeaderboardPeriods } from './close-leaderboard-periods';
import { createMissionEngine } from './mission-engine';
import { missionJobs } from './mission-jobs';

/*
 * Missions and the leaderboard through HTTP on a real database: progress from a settled vendor
 * round (retried win), a credited deposit and a login, exactly once; claims once per period under
 * parallel taps; leaderboard ties by who reached the score first and the member's own rank far
 * outside the top 100; prizes paid once when the period closes; the ledger verifying after each.
 */

const VENDOR = 'PT';
const ROOT_TOKEN = 'missions-root-operator-token-0123456789';
const id = () => randomUUID();
const titles = (text: string) => ({ BN: `${text} (BN)`, EN: text, SW: `${text} (SW)` });
/** The weekly valid-bet board the suite creates, as the operator sends it. */
const WEEKLY_BOARD = {
  titles: titles('Weekly board'),
  period: 'WEEKLY',
  metric: 'VALID_BET',
  prizes: [
    { rank: 1, amount: '100.00' },
    { rank: 2, amount: '50.00' },
    { rank: 3, amount: '10.00' },
  ],
};

describe('missions and leaderboard', () => {
  let t: TestApp;
  let merchantCode: string;
  let merchantId: number;
  let host: string;
  const missionIds: Record<string, number> = {};
  let boardId = 0;

  const operator = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${ROOT_TOKEN}` }, ...(payload ? { payload: payload as object } : {}) });
  const operatorPath = (template: string) => template.replace(':code', merchantCode);

  useTestApp(
    async (built) => {
      t = built;
      const found = await defaultMerchant(t.app);
      merchantCode = found.merchant.code;
      merchantId = found.merchant.id;
      host = found.host;
      await seedDepositChannels(t.app.db, merchantId, { paymentSandbox: true });
      const create = async (key: string, body: Record<string, unknown>) => {
        const response = await operator('POST', operatorPath(OPERATOR_MISSION_PATHS.missions), { titles: titles(key), ...body });
        expect(response.statusCode, response.body).toBe(200);
        missionIds[key] = response.json().value.id;
      };
      await create('bet', { period: 'DAILY', metric: 'VALID_BET', target: '100.00', rewardKind: 'CASH', rewardAmount: '5.00' });
      await create('deposit', { period: 'DAILY', metric: 'DEPOSIT_COUNT', target: '1', rewardKind: 'CASH', rewardAmount: '2.00' });
      await create('login', { period: 'DAILY', metric: 'LOGIN_DAYS', target: '1', rewardKind: 'CASH', rewardAmount: '1.00' });
      await create('rounds', { period: 'WEEKLY', metric: 'BET_COUNT', target: '50', rewardKind: 'CASH', rewardAmount: '9.00' });
      const board = await operator('POST', operatorPath(OPERATOR_MISSION_PATHS.leaderboards), WEEKLY_BOARD);
      expect(board.statusCode, board.body).toBe(200);
      boardId = board.json().value.id;
    },
    { config: demoSiteConfig('missions', { OPERATOR_TOKEN: ROOT_TOKEN, SESSION_IDLE_MINUTES: 1440 }) },
  );
  afterEach(async () => {
    await expectLedgerClean(t.app.db);
    useRealClock(t);
  });

  const summaryOf = async (client: TestClient, token: string) => {
    const response = await client.call('GET', MISSION_PATHS.summary, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value as {
      list: { missionId: number; status: string; progress: string; percent: number }[];
      claimableCount: number;
    };
  };
  const itemOf = (summary: Awaited<ReturnType<typeof summaryOf>>, key: string) =>
    summary.list.find((item) => item.missionId === missionIds[key]);

  let player: Awaited<ReturnType<typeof openVendorSession>>;

  it('a settled round (its win retried), a deposit and the login progress the missions exactly once', async () => {
    player = await openVendorSession(t.app, VENDOR, 1_000_00n);
    const roundId = id();
    const bet = { ...player.session, transactionUuid: id(), roundId, amount: '150.00' };
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet)).status).toBe('RS_OK');
    const win = { ...player.session, transactionUuid: id(), roundId, amount: '20.00', referenceTransactionUuid: bet.transactionUuid };
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, win)).status).toBe('RS_OK');
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, win)).status).toBe('RS_OK');

    const { sendPaid: send } = await startSandboxDeposit(t.app, player.client, player.token, '300.00');
    await Promise.all([send(), send()]);

    const before = await summaryOf(player.client, player.token);
    expect(itemOf(before, 'bet')).toMatchObject({ status: 'IN_PROGRESS', progress: '0.00' });
    expect(itemOf(before, 'login')).toMatchObject({ status: 'CLAIMABLE', progress: '1' });
    await drainFacts(t.app);
    await drainFacts(t.app);

    const summary = await summaryOf(player.client, player.token);
    expect(itemOf(summary, 'bet')).toMatchObject({ status: 'CLAIMABLE', progress: '150.00', percent: 100 });
    expect(itemOf(summary, 'deposit')).toMatchObject({ status: 'CLAIMABLE', progress: '1' });
    expect(itemOf(summary, 'rounds')).toMatchObject({ status: 'IN_PROGRESS', progress: '1', percent: 2 });
    expect(summary.claimableCount).toBe(3);
    const rows = await t.app.db.select().from(missionProgress).where(eq(missionProgress.memberId, player.member.id));
    expect(rows.map((row) => [row.missionId, row.value]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      [
        [missionIds.bet, 150_00n],
        [missionIds.deposit, 1n],
        [missionIds.rounds, 1n],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  });

  it('ten parallel claims pay the reward once; the claimed mission says so; an unfinished one is refused', async () => {
    const balance = async () =>
      (await player.client.call('GET', '/wps/v2/wallets/balance', { token: player.token })).json().value.balance as string;
    const before = await balance();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        player.client.call('POST', MISSION_PATHS.claim, { token: player.token, body: { missionId: missionIds.bet } }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().code)).toEqual(
      Array(9).fill('MISSION_ALREADY_CLAIMED'),
    );
    const paid = answers.find((answer) => answer.statusCode === 200)?.json().value;
    expect(paid).toMatchObject({ rewardKind: 'CASH', rewardAmount: '5.00', turnoverRequired: '5.00' });
    const after = await balance();
    expect(BigInt(after.replace('.', '')) - BigInt(before.replace('.', ''))).toBe(5_00n);

    const login = await player.client.call('POST', MISSION_PATHS.claim, { token: player.token, body: { missionId: missionIds.login } });
    expect(login.statusCode, login.body).toBe(200);
    const summary = await summaryOf(player.client, player.token);
    expect(itemOf(summary, 'bet')?.status).toBe('CLAIMED');
    expect(itemOf(summary, 'login')?.status).toBe('CLAIMED');
    expect(summary.claimableCount).toBe(1);

    const unfinished = await player.client.call('POST', MISSION_PATHS.claim, {
      token: player.token,
      body: { missionId: missionIds.rounds },
    });
    expect(unfinished.statusCode).toBe(409);
    expect(unfinished.json()).toMatchObject({ code: 'MISSION_NOT_COMPLETED', value: { progress: '1', target: '50' } });
    const unknown = await player.client.call('POST', MISSION_PATHS.claim, { token: player.token, body: { missionId: 999_999 } });
    expect(unknown.statusCode).toBe(404);
  });

  it('the leaderboard orders equal scores by who reached them first and shows my rank far outside the top 100', async () => {
    // Wednesday 2026-07-08, 12:00 site time (UTC+6).
    const now = new Date('2026-07-08T06:00:00Z');
    t.setNow(now);
    const others = [];
    for (let index = 0; index < 120; index += 1) others.push((await createMember(t.app.db, merchantId, { password: null })).member.id);
    const viewer = await createMember(t.app.db, merchantId);
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    const fact = (memberId: number, amount: bigint, occurredAt: Date, sourceId: number): Fact => ({
      id: sourceId,
      kind: 'ROUND',
      merchantId,
      memberId,
      sourceId,
      gameType: 'RNG',
      amount,
      payout: 0n,
      occurredAt,
    });
    const facts: Fact[] = others.map((memberId, index) => fact(memberId, 1_000_00n - BigInt(index) * 1_00n, at(30), 10_000 + index));
    // The first two tie at 2,000.00: others[1] got there a minute before others[0].
    facts[0] = fact(others[0] as number, 2_000_00n, at(10), 10_000);
    facts[1] = fact(others[1] as number, 1_500_00n, at(20), 10_001);
    facts.push(fact(others[1] as number, 500_00n, at(11), 20_001));
    facts.push(fact(viewer.member.id, 1_00n, at(5), 20_002));
    const engine = createMissionEngine();
    await t.app.db.transaction((tx) => engine.apply(tx, facts));

    const client = new TestClient(t.app, host);
    const token = await client.login(viewer.member.username, viewer.password ?? '');
    const response = await client.call('GET', `${MISSION_PATHS.leaderboard}?leaderboardId=${boardId}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    const value = response.json().value;
    expect(value.leaderboard).toMatchObject({ id: boardId, title: 'Weekly board', period: 'WEEKLY', periodKey: '2026-07-06' });
    expect(value.list).toHaveLength(100);
    expect(
      value.list.slice(0, 3).map((row: { rank: number; score: string; prize: string | null }) => [row.rank, row.score, row.prize]),
    ).toEqual([
      [1, '2000.00', '100.00'],
      [2, '2000.00', '50.00'],
      [3, '998.00', '10.00'],
    ]);
    expect(value.list[0].reachedAt < value.list[1].reachedAt).toBe(true);
    expect(value.list[0].account).toMatch(/\*\*\*/);
    expect(value.me).toMatchObject({ rank: 121, score: '1.00', account: viewer.member.username, prize: null });
  });

  it('closing the period pays the top ranks once, however often the job runs', async () => {
    const [job] = missionJobs(t.app.db);
    if (!job) throw new Error('no job');
    // Monday 2026-07-13 00:10 site time: the week of 2026-07-06 has closed.
    const closed = new Date('2026-07-12T18:10:00Z');
    expect(await closeLeaderboardPeriods(t.app.db, new Date('2026-07-12T17:59:30Z'))).toBe(0);
    const results = await Promise.all([closeLeaderboardPeriods(t.app.db, closed), closeLeaderboardPeriods(t.app.db, closed)]);
    expect(results.reduce((sum, paid) => sum + paid, 0)).toBe(3);
    expect(await runJobOnce(t.app.db, job, closed)).toBe(true);
    expect(await closeLeaderboardPeriods(t.app.db, new Date('2026-07-13T18:10:00Z'))).toBe(0);
    const payouts = await t.app.db
      .select()
      .from(leaderboardPayouts)
      .where(and(eq(leaderboardPayouts.leaderboardId, boardId), eq(leaderboardPayouts.periodKey, '2026-07-06')));
    expect(payouts.map((row) => [row.rank, row.amount]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [1, 100_00n],
      [2, 50_00n],
      [3, 10_00n],
    ]);
  });

  it('a POINTS reward credits the points once (points face)', async () => {
    const created = await operator('POST', operatorPath(OPERATOR_MISSION_PATHS.missions), {
      titles: titles('points'),
      period: 'ONCE',
      metric: 'LOGIN_DAYS',
      target: '1',
      rewardKind: 'POINTS',
      rewardAmount: '250',
    });
    expect(created.statusCode, created.body).toBe(200);
    const missionId = created.json().value.id as number;
    // Logins count from the mission's creation on: this member logs in after it.
    const fresh = await createMember(t.app.db, merchantId);
    const client = new TestClient(t.app, host);
    const token = await client.login(fresh.member.username, fresh.password ?? '');
    const answers = await Promise.all([1, 2, 3].map(() => client.call('POST', MISSION_PATHS.claim, { token, body: { missionId } })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.find((answer) => answer.statusCode === 200)?.json().value).toMatchObject({ rewardKind: 'POINTS', rewardAmount: '250' });
    expect((await readPointBalance(t.app.db, fresh.member.id)).balance).toBe(250);
    // The player logged in before the mission existed: not complete.
    const early = await player.client.call('POST', MISSION_PATHS.claim, { token: player.token, body: { missionId } });
    expect(early.json().code).toBe('MISSION_NOT_COMPLETED');
  });

  it('operator changes are validated and audited; a member cannot use the operator routes', async () => {
    const bad = await operator('POST', operatorPath(OPERATOR_MISSION_PATHS.missions), {
      titles: titles('bad'),
      period: 'DAILY',
      metric: 'DEPOSIT_COUNT',
      gameType: 'SLOTS',
      target: '1',
      rewardKind: 'CASH',
      rewardAmount: '1.00',
    });
    expect(bad.statusCode).toBe(422);
    const listed = await operator('GET', operatorPath(OPERATOR_MISSION_PATHS.missions));
    expect(listed.json().value.list.map((row: { id: number }) => row.id)).toEqual(expect.arrayContaining(Object.values(missionIds)));
    const retired = await operator('PUT', operatorPath(OPERATOR_MISSION_PATHS.mission).replace(':id', String(missionIds.rounds)), {
      titles: titles('rounds'),
      period: 'WEEKLY',
      metric: 'BET_COUNT',
      target: '50',
      rewardKind: 'CASH',
      rewardAmount: '9.00',
      isActive: false,
      reason: 'season over',
    });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json().value.isActive).toBe(false);
    const summary = await summaryOf(player.client, player.token);
    expect(itemOf(summary, 'rounds')).toBeUndefined();
    const asMember = await player.client.call('GET', operatorPath(OPERATOR_MISSION_PATHS.missions), { token: player.token });
    expect([401, 403]).toContain(asMember.statusCode);
    const audited = await t.app.db.select().from(operatorAuditLog).where(like(operatorAuditLog.action, 'mission.%'));
    expect(audited.map((row) => row.action)).toEqual(expect.arrayContaining(['mission.created', 'mission.changed']));
    expect(audited.find((row) => row.action === 'mission.changed')?.reason).toBe('season over');
  });

  it('changes a leaderboard with its audit row (before and after), and refuses a new period or metric', async () => {
    const boardPath = operatorPath(OPERATOR_MISSION_PATHS.leaderboard).replace(':id', String(boardId));
    const changed = await operator('PUT', boardPath, { ...WEEKLY_BOARD, reason: 'same prizes, checked' });
    expect(changed.statusCode, changed.body).toBe(200);
    const [audit] = await t.app.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'leaderboard.changed'), eq(operatorAuditLog.targetId, String(boardId))));
    expect(audit).toMatchObject({ targetType: 'mission_leaderboard', merchantId, reason: 'same prizes, checked' });
    const detail = audit?.detail as { before: { id: number; period: string }; after: { id: number; period: string } };
    expect(detail.before).toMatchObject({ id: boardId, period: 'WEEKLY' });
    expect(detail.after).toMatchObject({ id: boardId, period: 'WEEKLY' });
    const otherPeriod = await operator('PUT', boardPath, { ...WEEKLY_BOARD, period: 'DAILY' });
    expect(otherPeriod.statusCode).toBe(422);
    expect(JSON.stringify(otherPeriod.json())).toContain('fixed_after_create');
  });
});
