import { randomUUID } from 'node:crypto';
import { OPERATOR_REBATE_PATHS, REBATE_CATEGORY_OF, REBATE_PATHS } from '@kismat/contracts/rebates';
import { VENDOR_API_PATHS } from '@kismat/contracts/vendor-wallet';
import { formatAmount } from '@kismat/contracts/wallet';
import { eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { gameRounds } from '../../db/schema/games';
import { operatorAuditLog } from '../../db/schema/operators';
import { rebateAccruals, rebateClaims } from '../../db/schema/rebates';
import { runJobOnce } from '../../platform/scheduler';
import { demoSiteConfig, type TestApp } from '../../test/build-test-app';
import { updateMerchant, useRealClock } from '../../test/factories';
import { drainFacts } from '../../test/facts-test-kit';
import { expectLedgerClean } from '../../test/promotion-campaigns-test-kit';
import { useTestApp } from '../../test/shop-fixture';
import { defaultMerchant, openVendorSession, vendorCall } from '../../test/vendor-test-kit';
import { createFactConsumer, type FactEngine } from '../facts/index';
import { createRebateEngine } from './rebate-engine';
import { rebateJobs } from './rebate-jobs';
import { DEFAULT_REBATE_TABLE } from './seed-rebate-table';

/*
 * Rebates through HTTP on a real database: accrual from settled vendor rounds exactly once,
 * the member's pending view, manual claims (atomic under parallel clicks, minimum, daily cap,
 * idempotent key), the automatic daily rebate (once per member and day however often it runs),
 * the operator's table and settings (audited), and the ledger verifying after each.
 */

const VENDOR = 'PT';
const ROOT_TOKEN = 'rebates-root-operator-token-0123456789';
const id = () => randomUUID();

describe('rebates', () => {
  let t: TestApp;
  let merchantCode: string;
  let merchantId: number;

  useTestApp(
    async (built) => {
      t = built;
      const { merchant } = await defaultMerchant(t.app);
      merchantCode = merchant.code;
      merchantId = merchant.id;
      await updateMerchant(t.app, merchantId, { flags: { MANPLAYREB3: true } });
    },
    { config: demoSiteConfig('rebates', { PAYMENT_SANDBOX: false, OPERATOR_TOKEN: ROOT_TOKEN, SESSION_IDLE_MINUTES: 1440 }) },
  );
  afterEach(async () => {
    await expectLedgerClean(t.app.db);
    useRealClock(t);
  });

  const operator = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${ROOT_TOKEN}` }, ...(payload ? { payload: payload as object } : {}) });
  const operatorPath = (template: string) => template.replace(':code', merchantCode);

  /** A settled vendor round of `stake` (lost), retried win included; returns the round's rebate category. */
  async function playRound(opened: Awaited<ReturnType<typeof openVendorSession>>, stake: string) {
    const roundId = id();
    const bet = { ...opened.session, transactionUuid: id(), roundId, amount: stake };
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet)).status).toBe('RS_OK');
    const win = { ...opened.session, transactionUuid: id(), roundId, amount: '0.00', referenceTransactionUuid: bet.transactionUuid };
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, win)).status).toBe('RS_OK');
    // The vendor retries the same win: the round settles (and makes its fact) once.
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, win)).status).toBe('RS_OK');
    const [round] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, roundId));
    return REBATE_CATEGORY_OF[round?.gameType as keyof typeof REBATE_CATEGORY_OF];
  }

  const rateOf = (category: string, rank = 0) =>
    BigInt(DEFAULT_REBATE_TABLE.find((level) => level.levelRank === rank)?.rates.find((rate) => rate.category === category)?.rateBp ?? 0);

  const pendingOf = async (opened: Awaited<ReturnType<typeof openVendorSession>>) => {
    const response = await opened.client.call('GET', REBATE_PATHS.pending, { token: opened.token });
    expect(response.statusCode).toBe(200);
    return response.json().value;
  };
  const claim = (opened: Awaited<ReturnType<typeof openVendorSession>>, key?: string) =>
    opened.client.call('POST', REBATE_PATHS.claim, { token: opened.token, body: key ? { idempotencyKey: key } : {} });
  const balanceOf = async (opened: Awaited<ReturnType<typeof openVendorSession>>) =>
    (await opened.client.call('GET', '/wps/v2/wallets/balance', { token: opened.token })).json().value.balance as string;

  it('a settled vendor round accrues its rebate once: a retried win and a batch rolled back by another engine count nothing extra', async () => {
    const opened = await openVendorSession(t.app, VENDOR, 5_000_00n);
    const category = await playRound(opened, '2000.00');
    expect(category).toBeDefined();

    // A consumer whose batch fails after the rebate engine ran (another engine throws): rolled back as a whole.
    const failing: FactEngine = {
      name: 'failing',
      apply: async () => {
        throw new Error('engine down');
      },
    };
    const broken = createFactConsumer({ db: t.app.db, engines: [createRebateEngine({}), failing], maxAttempts: 99 });
    await broken.processBatch();
    expect(await t.app.db.select().from(rebateAccruals).where(eq(rebateAccruals.memberId, opened.member.id))).toEqual([]);

    await drainFacts(t.app);
    await drainFacts(t.app);
    const expected = (2_000_00n * rateOf(category as string)) / 10_000n;
    const pending = await pendingOf(opened);
    expect(pending.list).toEqual([{ category, validBet: '2000.00', amount: formatAmount(expected) }]);
    expect(pending.total).toBe(formatAmount(expected));
    expect(pending.claimable).toBe(formatAmount(expected));
    expect(pending.isManualOn).toBe(true);
  });

  it('twenty parallel claims pay once; the same key again answers the first claim; the ledger moves the rebate once', async () => {
    const opened = await openVendorSession(t.app, VENDOR, 5_000_00n);
    const category = await playRound(opened, '1500.00');
    await drainFacts(t.app);
    const expected = (1_500_00n * rateOf(category as string)) / 10_000n;
    const before = await balanceOf(opened);

    const answers = await Promise.all(Array.from({ length: 20 }, (_unused, index) => claim(opened, `click-${opened.member.id}-${index}`)));
    const paid = answers.filter((answer) => answer.statusCode === 200);
    expect(paid).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().code)).toEqual(
      Array(19).fill('REBATE_NOTHING_TO_CLAIM'),
    );
    const first = paid[0]?.json().value;
    expect(first).toMatchObject({ kind: 'MANUAL', amount: formatAmount(expected), turnoverRequired: formatAmount(expected) });
    expect(first.breakdown).toEqual([{ category, amount: formatAmount(expected) }]);
    expect(await balanceOf(opened)).toBe(formatAmount(BigInt(before.replace('.', '')) + expected));

    const index = answers.indexOf(paid[0] as (typeof answers)[number]);
    const replay = await claim(opened, `click-${opened.member.id}-${index}`);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().value.claimId).toBe(first.claimId);
    expect(await t.app.db.select().from(rebateClaims).where(eq(rebateClaims.memberId, opened.member.id))).toHaveLength(1);
    expect((await pendingOf(opened)).total).toBe('0.00');

    const history = await opened.client.call('GET', REBATE_PATHS.history, { token: opened.token });
    expect(history.json().value).toMatchObject({ total: 1, list: [{ claimId: first.claimId, amount: formatAmount(expected) }] });
  });

  it('a claim below the minimum is refused in the member language and changes nothing; the flag off refuses every claim', async () => {
    const opened = await openVendorSession(t.app, VENDOR, 1_000_00n);
    await playRound(opened, '100.00');
    await drainFacts(t.app);
    const settings = await operator('PUT', operatorPath(OPERATOR_REBATE_PATHS.settings), {
      minimumClaim: '50.00',
      isAutoDailyOn: false,
      autoDailyHour: 3,
      excludesPromotionPlay: false,
      reason: 'raise the minimum',
    });
    expect(settings.statusCode).toBe(200);
    const refused = await claim(opened);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'REBATE_BELOW_MINIMUM', message: 'The rebate is below the minimum claim' });
    expect(await t.app.db.select().from(rebateClaims).where(eq(rebateClaims.memberId, opened.member.id))).toEqual([]);

    await updateMerchant(t.app, merchantId, { flags: { MANPLAYREB3: false } });
    expect((await claim(opened)).json().code).toBe('FEATURE_DISABLED');
    await updateMerchant(t.app, merchantId, { flags: { MANPLAYREB3: true } });
    await operator('PUT', operatorPath(OPERATOR_REBATE_PATHS.settings), {
      minimumClaim: '1.00',
      isAutoDailyOn: false,
      autoDailyHour: 3,
      excludesPromotionPlay: false,
    });
  });

  it("the level's daily cap limits what a day pays; the rest stays pending and is paid the next day", async () => {
    const table = await operator('GET', operatorPath(OPERATOR_REBATE_PATHS.table));
    const levels = table.json().value.levels as { levelRank: number; dailyCap: string | null; rates: unknown[] }[];
    const changed = await operator('PUT', operatorPath(OPERATOR_REBATE_PATHS.table), {
      levels: levels.map((level) => (level.levelRank === 0 ? { ...level, dailyCap: '5.00' } : level)),
      reason: 'cap test',
    });
    expect(changed.statusCode).toBe(200);

    // 18:00 site time (UTC+6); eight hours later it is 02:00 of the next site-time day.
    const day = new Date('2026-05-04T12:00:00Z');
    t.setNow(day);
    const opened = await openVendorSession(t.app, VENDOR, 5_000_00n);
    const category = await playRound(opened, '2000.00');
    await drainFacts(t.app);
    const accrued = (2_000_00n * rateOf(category as string)) / 10_000n;
    expect(accrued).toBeGreaterThan(10_00n);

    expect((await claim(opened)).json().value.amount).toBe('5.00');
    const capped = await claim(opened);
    expect(capped.statusCode).toBe(409);
    expect(capped.json().code).toBe('REBATE_DAILY_CAP_REACHED');
    expect((await pendingOf(opened)).claimable).toBe('0.00');

    t.setNow(new Date(day.getTime() + 8 * 3_600_000));
    expect((await claim(opened)).json().value.amount).toBe('5.00');
    expect((await pendingOf(opened)).total).toBe(formatAmount(accrued - 10_00n));
    await operator('PUT', operatorPath(OPERATOR_REBATE_PATHS.table), { levels });
  });

  it('the automatic daily rebate pays each member once per day at the configured hour, however often the job runs', async () => {
    await operator('PUT', operatorPath(OPERATOR_REBATE_PATHS.settings), {
      minimumClaim: '1.00',
      isAutoDailyOn: true,
      autoDailyHour: 3,
      excludesPromotionPlay: false,
    });
    // Site time is UTC+6 (360 minutes): 2026-06-10 10:00 local.
    t.setNow(new Date('2026-06-10T04:00:00Z'));
    const players = [await openVendorSession(t.app, VENDOR, 5_000_00n), await openVendorSession(t.app, VENDOR, 5_000_00n)];
    for (const player of players) await playRound(player, '1000.00');
    await drainFacts(t.app);
    const balancesBefore = await Promise.all(players.map(balanceOf));

    const [job] = rebateJobs(t.app.db, {});
    if (!job) throw new Error('no job');
    // 02:30 local the next day: before the hour, nothing is paid.
    await runJobOnce(t.app.db, job, new Date('2026-06-10T20:30:00Z'));
    expect(await t.app.db.select().from(rebateClaims).where(eq(rebateClaims.kind, 'AUTO'))).toEqual([]);
    // 03:10 local: paid; the same period again (another node) and a later hour pay nothing more.
    expect(await runJobOnce(t.app.db, job, new Date('2026-06-10T21:10:00Z'))).toBe(true);
    expect(await runJobOnce(t.app.db, job, new Date('2026-06-10T21:40:00Z'))).toBe(false);
    expect(await runJobOnce(t.app.db, job, new Date('2026-06-10T22:10:00Z'))).toBe(true);

    for (const [index, player] of players.entries()) {
      const claims = await t.app.db.select().from(rebateClaims).where(eq(rebateClaims.memberId, player.member.id));
      expect(claims).toHaveLength(1);
      expect(claims[0]).toMatchObject({ kind: 'AUTO', claimDay: '2026-06-11' });
      const before = BigInt((balancesBefore[index] as string).replace('.', ''));
      expect(await balanceOf(player)).toBe(formatAmount(before + (claims[0]?.amount ?? 0n)));
    }
    await operator('PUT', operatorPath(OPERATOR_REBATE_PATHS.settings), {
      minimumClaim: '1.00',
      isAutoDailyOn: false,
      autoDailyHour: 3,
      excludesPromotionPlay: false,
    });
  });

  it('with "no rebate on promotion play" on, play of a member paying off a promotion turnover accrues nothing', async () => {
    await operator('PUT', operatorPath(OPERATOR_REBATE_PATHS.settings), {
      minimumClaim: '1.00',
      isAutoDailyOn: false,
      autoDailyHour: 3,
      excludesPromotionPlay: true,
    });
    const paying = await openVendorSession(t.app, VENDOR, 1_000_00n);
    const free = await openVendorSession(t.app, VENDOR, 1_000_00n);
    await playRound(paying, '100.00');
    await playRound(free, '100.00');
    const asked: number[][] = [];
    const engine = createRebateEngine({
      membersPayingOffPromotion: async (_db, memberIds) => {
        asked.push([...memberIds]);
        return new Set([paying.member.id]);
      },
    });
    const consumer = createFactConsumer({ db: t.app.db, engines: [engine] });
    await consumer.processBatch();
    expect(asked.flat().sort()).toEqual([paying.member.id, free.member.id].sort());
    expect(await t.app.db.select().from(rebateAccruals).where(eq(rebateAccruals.memberId, paying.member.id))).toEqual([]);
    expect(await t.app.db.select().from(rebateAccruals).where(eq(rebateAccruals.memberId, free.member.id))).toHaveLength(1);
    await operator('PUT', operatorPath(OPERATOR_REBATE_PATHS.settings), {
      minimumClaim: '1.00',
      isAutoDailyOn: false,
      autoDailyHour: 3,
      excludesPromotionPlay: false,
    });
  });

  it("a member's VIP rank (vip port) picks the rank's row of the table", async () => {
    const ranked = await openVendorSession(t.app, VENDOR, 1_000_00n);
    const category = await playRound(ranked, '500.00');
    const engine = createRebateEngine({
      vipLevelsOf: async (_db, _merchantId, memberIds) => new Map(memberIds.map((memberId) => [memberId, { rank: 3 }])),
    });
    await createFactConsumer({ db: t.app.db, engines: [engine] }).processBatch();
    const [row] = await t.app.db.select().from(rebateAccruals).where(eq(rebateAccruals.memberId, ranked.member.id));
    expect(rateOf(category as string, 3)).toBeGreaterThan(rateOf(category as string, 0));
    expect(row?.accrued).toBe((500_00n * rateOf(category as string, 3)) / 10_000n);
  });

  it('operator changes are audited and checked; members cannot reach the operator routes', async () => {
    const bad = await operator('PUT', operatorPath(OPERATOR_REBATE_PATHS.table), {
      levels: [{ levelRank: 0, dailyCap: null, rates: [{ category: 'SLOTS', rateBp: 9_999 }] }],
    });
    expect(bad.statusCode).toBe(422);
    const claims = await operator('GET', `${operatorPath(OPERATOR_REBATE_PATHS.claims)}?kind=MANUAL`);
    expect(claims.statusCode).toBe(200);
    expect(claims.json().value.total).toBeGreaterThan(0);
    const anonymous = await t.app.inject({ method: 'GET', url: operatorPath(OPERATOR_REBATE_PATHS.table) });
    expect(anonymous.statusCode).toBe(401);
    const audited = await t.app.db.select().from(operatorAuditLog).where(like(operatorAuditLog.action, 'rebate.%'));
    expect(audited.length).toBeGreaterThanOrEqual(5);
    expect(audited.every((row) => row.merchantId === merchantId && row.operatorName === 'root')).toBe(true);
  });
});
