import { randomUUID } from 'node:crypto';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { RG_PATHS, RG_PERIOD_HOURS, type RgLimitKind, type RgPeriod } from '@kismat/contracts/responsible-gambling';
import { VENDOR_API_PATHS } from '@kismat/contracts/vendor-wallet';
import { formatAmount } from '@kismat/contracts/wallet';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../platform/errors';
import type { TestApp } from '../../test/build-test-app';
import { createMember, createMerchant, TestClient, type TestMerchant, useRealClock } from '../../test/factories';
import { buyTicketsAt, drawIssue, fundMember, spinAt, useHouseGamesShop } from '../../test/house-games-test-kit';
import { openVendorSession, vendorCall } from '../../test/vendor-test-kit';
import { getAccountBalance } from '../wallet/get-account-balance';
import { changeLimit } from './change-limit';
import { chargeResponsibleGambling, type RgCharge } from './charge-responsible-gambling';
import { readOverview } from './read-overview';

/*
 * Limits on Postgres: each kind and period refuses exactly the bet or deposit that would cross it
 * (and lets the one that reaches it pass), rolling windows release old usage, 20 parallel bets never
 * cross, an increase waits 24 h and the member's confirmation, a decrease applies at once, the
 * session-time limit, the reality check's due time, and merchants do not see each other's members.
 */

const HOUR = 3_600_000;
const T0 = new Date('2026-12-01T10:30:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('responsible gambling limits', () => {
  let t: TestApp;
  let site: TestMerchant;
  let client: TestClient;
  useHouseGamesShop((fixture) => {
    ({ t, shop: site, client } = fixture);
  });

  async function member() {
    const created = await createMember(t.app.db, site.merchant.id);
    return created.member;
  }
  const setLimit = (memberId: number, kind: RgLimitKind, period: RgPeriod, value: bigint, now: Date) =>
    changeLimit(t.app.db, { merchantId: site.merchant.id, memberId, kind, period, value, now, actor: 'MEMBER' });
  const charge = (memberId: number, input: Omit<RgCharge, 'merchantId' | 'memberId'>) =>
    t.app.db.transaction((tx) => chargeResponsibleGambling(tx, { merchantId: site.merchant.id, memberId, ...input }));
  async function refusal(promise: Promise<unknown>) {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    if (!isAppError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
    return error;
  }
  const spend = (kind: RgLimitKind, amount: bigint) => (kind === 'DEPOSIT' ? { depositMinor: amount } : { stakeMinor: amount });

  for (const kind of ['DEPOSIT', 'LOSS', 'WAGER'] as const) {
    for (const period of ['DAY', 'WEEK', 'MONTH'] as const) {
      it(`${kind} per ${period}: refuses exactly the crossing amount, inside the rolling window only`, async () => {
        const who = await member();
        const periodMs = RG_PERIOD_HOURS[period] * HOUR;
        expect((await setLimit(who.id, kind, period, 100_00n, T0)).outcome).toBe('APPLIED');
        await charge(who.id, { ...spend(kind, 90_00n), now: at(60_000) });
        // A win lowers the net loss only (a loss limit counts stakes minus wins).
        await charge(who.id, { winMinor: 10_00n, mode: 'COUNT', now: at(120_000) });
        const room = kind === 'LOSS' ? 20_00n : 10_00n;

        const late = at(periodMs - 2 * HOUR);
        const crossing = await refusal(charge(who.id, { ...spend(kind, room + 1n), now: late }));
        expect(crossing.code).toBe('RG_LIMIT_REACHED');
        expect(crossing.value).toMatchObject({ kind, period, limit: '100.00', unit: 'MONEY' });
        // Room comes back when the first usage (10:00-11:00 bucket) leaves the window.
        expect((crossing.value as { resetsAt: string }).resetsAt).toBe(
          new Date(Date.parse('2026-12-01T11:00:00Z') + periodMs).toISOString(),
        );
        expect(crossing.message).toMatch(/resets at \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC/);

        await charge(who.id, { ...spend(kind, room), now: late });
        expect((await refusal(charge(who.id, { ...spend(kind, 1n), now: late }))).code).toBe('RG_LIMIT_REACHED');
        // Past the window, the first usage no longer counts; the late one still does.
        const after = at(periodMs + 2 * HOUR);
        await charge(who.id, { ...spend(kind, 100_00n - room), now: after });
        expect((await refusal(charge(who.id, { ...spend(kind, 1n), now: after }))).code).toBe('RG_LIMIT_REACHED');
      });
    }
  }

  it('SESSION_TIME: play time between bets (gaps capped) refuses the bet past the minutes', async () => {
    const who = await member();
    await setLimit(who.id, 'SESSION_TIME', 'DAY', 10n, T0);
    for (let minute = 2; minute <= 10; minute += 2) await charge(who.id, { stakeMinor: 1_00n, now: at(minute * 60_000) });
    const refused = await refusal(charge(who.id, { stakeMinor: 1_00n, now: at(12 * 60_000) }));
    expect(refused.value).toMatchObject({ kind: 'SESSION_TIME', period: 'DAY', limit: '10', used: '10', unit: 'MINUTES' });
    // Deposits are not play.
    await charge(who.id, { depositMinor: 5_00n, now: at(13 * 60_000) });
  });

  it('the lowest of several limits binds; a real spin is refused with the member language and nothing moves', async () => {
    const { member: who, password } = await createMember(t.app.db, site.merchant.id);
    await fundMember(t.app.db, site.merchant, who.id, 100_00n);
    const token = await client.login(who.username, password ?? '');
    const bn = new TestClient(t.app, site.host, 'BN');
    const set = (body: Record<string, unknown>) => client.call('POST', RG_PATHS.limits, { token, body });
    expect((await set({ kind: 'WAGER', period: 'WEEK', value: '50.00' })).json().value.outcome).toBe('APPLIED');
    const day = (await set({ kind: 'WAGER', period: 'DAY', value: '3.00' })).json().value;
    expect(day.overview.limits.map((limit: { period: string; value: string }) => `${limit.period}:${limit.value}`).sort()).toEqual([
      'DAY:3.00',
      'WEEK:50.00',
    ]);
    const spin = (as: TestClient) =>
      as.call('POST', HOUSE_GAME_PATHS.spin, { token, body: { titleId: 'bengal-tiger', betLevel: '1.00', idempotencyKey: randomUUID() } });
    for (let index = 0; index < 3; index += 1) {
      const played = await spinAt(t.app.db, site.merchant, who, { betMinor: 1_00n, at: t.app.now() });
      expect(played.bet).toBe(1_00n);
    }
    const before = (await client.call('GET', '/wps/v2/wallets/balance', { token })).json().value.balance;
    const refused = await spin(bn);
    expect(refused.json().code).toBe('RG_LIMIT_REACHED');
    expect(refused.json().message).toContain('বাজির সীমা');
    expect((await client.call('GET', '/wps/v2/wallets/balance', { token })).json().value.balance).toBe(before);
    const overview = (await client.call('GET', RG_PATHS.overview, { token })).json().value;
    expect(overview.limits.find((limit: { period: string }) => limit.period === 'DAY')).toMatchObject({
      used: '3.00',
      remaining: '0.00',
      usedPercent: 100,
    });
  });

  it('a lottery slip past a wager limit is refused; the draw pays and its wins lower the loss counted', async () => {
    const who = await member();
    await fundMember(t.app.db, site.merchant, who.id, 100_00n);
    const buyAt = new Date('2026-12-05T10:00:10.000Z');
    await setLimit(who.id, 'WAGER', 'DAY', 20_00n, new Date(buyAt.getTime() - 60_000));
    await setLimit(who.id, 'LOSS', 'DAY', 500_00n, new Date(buyAt.getTime() - 60_000));
    const tickets = [
      { betType: 'SUM_SIZE', selection: 'BIG', amountMinor: 10_00n },
      { betType: 'SUM_SIZE', selection: 'SMALL', amountMinor: 10_00n },
    ];
    const slip = await buyTicketsAt(t.app.db, site.merchant, who, { gameCode: 'ELOTT_5M', at: buyAt, tickets });
    const more = buyTicketsAt(t.app.db, site.merchant, who, { gameCode: 'ELOTT_5M', at: buyAt, tickets: tickets.slice(0, 1) });
    await expect(more).rejects.toMatchObject({ code: 'RG_LIMIT_REACHED' });
    const won = (await drawIssue(t.app.db, slip.issueId)).get(who.id) ?? 0n;
    const overview = await readOverview(t.app.db, { merchantId: site.merchant.id, memberId: who.id }, slip.drawAt);
    const loss = overview.limits.find((limit) => limit.kind === 'LOSS');
    const net = 20_00n - won;
    expect(loss?.used).toBe(formatAmount(net < 0n ? 0n : net));
    expect(overview.limits.find((limit) => limit.kind === 'WAGER')?.used).toBe('20.00');
  });

  it('20 parallel bets near the edge never cross (state row lock), on the vendor bet call too', async () => {
    useRealClock(t);
    const who = await member();
    await setLimit(who.id, 'WAGER', 'DAY', 10_00n, new Date());
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => charge(who.id, { stakeMinor: 1_00n, now: new Date() })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);

    const opened = await openVendorSession(t.app, 'PT', 100_00n);
    await changeLimit(t.app.db, {
      merchantId: opened.merchant.id,
      memberId: opened.member.id,
      kind: 'WAGER',
      period: 'DAY',
      value: 10_00n,
      now: new Date(),
      actor: 'MEMBER',
    });
    const bets = await Promise.all(
      Array.from({ length: 20 }, () =>
        vendorCall(t.app, 'PT', VENDOR_API_PATHS.bet, {
          ...opened.session,
          transactionUuid: randomUUID(),
          roundId: randomUUID(),
          amount: '1.00',
        }),
      ),
    );
    expect(bets.filter((bet) => bet.status === 'RS_OK')).toHaveLength(10);
    expect(bets.filter((bet) => bet.status === 'RS_ERROR_LIMIT_REACHED')).toHaveLength(10);
    expect((await getAccountBalance(t.app.db, opened.cashAccountId)).balance).toBe(90_00n);
  });

  it('an increase waits 24 h and the member confirmation; a decrease applies at once; every change is kept', async () => {
    const { member: who, password } = await createMember(t.app.db, site.merchant.id);
    t.setNow(T0);
    let token = await client.login(who.username, password ?? '');
    const post = (path: string, body: Record<string, unknown>) => client.call('POST', path, { token, body });
    await post(RG_PATHS.limits, { kind: 'DEPOSIT', period: 'DAY', value: '100.00' });
    const raised = (await post(RG_PATHS.limits, { kind: 'DEPOSIT', period: 'DAY', value: '500.00' })).json().value;
    expect(raised).toMatchObject({ outcome: 'PENDING', effectiveAt: at(24 * HOUR).toISOString() });
    expect(raised.overview.limits[0].value).toBe('100.00');
    expect(raised.overview.pending[0]).toMatchObject({ oldValue: '100.00', newValue: '500.00', confirmable: false });

    t.setNow(at(23 * HOUR));
    token = await client.login(who.username, password ?? '');
    const early = await post(RG_PATHS.confirmChange, { changeId: raised.changeId });
    expect(early.json().code).toBe('RG_CHANGE_NOT_CONFIRMABLE');
    t.setNow(at(24 * HOUR + 60_000));
    token = await client.login(who.username, password ?? '');
    // 24 h alone change nothing: the member must confirm.
    expect((await client.call('GET', RG_PATHS.overview, { token })).json().value.limits[0].value).toBe('100.00');
    const confirmed = (await post(RG_PATHS.confirmChange, { changeId: raised.changeId })).json().value;
    expect(confirmed.outcome).toBe('APPLIED');
    expect(confirmed.overview.limits[0].value).toBe('500.00');

    const lowered = (await post(RG_PATHS.limits, { kind: 'DEPOSIT', period: 'DAY', value: '50.00' })).json().value;
    expect(lowered.outcome).toBe('APPLIED');
    expect(lowered.overview.limits[0].value).toBe('50.00');
    const removal = (await post(RG_PATHS.removeLimit, { kind: 'DEPOSIT', period: 'DAY' })).json().value;
    expect(removal.outcome).toBe('PENDING');
    await post(RG_PATHS.cancelChange, { changeId: removal.changeId });

    const history = (await client.call('GET', RG_PATHS.history, { token })).json().value;
    expect(history.list.map((row: { status: string; newValue: string | null }) => `${row.status}:${row.newValue}`)).toEqual([
      'CANCELLED:null',
      'APPLIED:50.00',
      'APPLIED:500.00',
      'APPLIED:100.00',
    ]);
    expect(history.list[2]).toMatchObject({ oldValue: '100.00', confirmedAt: at(24 * HOUR + 60_000).toISOString(), by: 'MEMBER' });
    useRealClock(t);
  });

  it('reality check: due one interval after login, again one interval after continue; stop logs out', async () => {
    const { member: who, password } = await createMember(t.app.db, site.merchant.id);
    t.setNow(T0);
    const token = await client.login(who.username, password ?? '');
    const set = (await client.call('PUT', RG_PATHS.realityCheck, { token, body: { intervalMinutes: 15 } })).json().value;
    expect(set).toMatchObject({ intervalMinutes: 15, nextDueAt: at(15 * 60_000).toISOString(), due: false, net: '0.00' });
    t.setNow(at(16 * 60_000));
    const due = (await client.call('GET', RG_PATHS.realityCheck, { token })).json().value;
    expect(due).toMatchObject({ due: true, elapsedSeconds: 16 * 60 });
    const continued = (await client.call('POST', RG_PATHS.realityCheckAck, { token, body: { action: 'CONTINUE' } })).json().value;
    expect(continued.realityCheck).toMatchObject({ due: false, nextDueAt: at(31 * 60_000).toISOString() });
    const stopped = (await client.call('POST', RG_PATHS.realityCheckAck, { token, body: { action: 'STOP' } })).json().value;
    expect(stopped.loggedOut).toBe(true);
    expect((await client.call('GET', RG_PATHS.realityCheck, { token })).statusCode).toBe(401);
    useRealClock(t);
  });

  it('merchants are apart: a limit binds its member only, another merchant cannot confirm or read it', async () => {
    const who = await member();
    await setLimit(who.id, 'DEPOSIT', 'DAY', 10_00n, T0);
    const other = await createMerchant(t.app.db);
    const stranger = await createMember(t.app.db, other.merchant.id);
    // The same charge under the wrong merchant finds no state: nothing refused, nothing counted.
    await t.app.db.transaction((tx) =>
      chargeResponsibleGambling(tx, { merchantId: other.merchant.id, memberId: who.id, depositMinor: 50_00n, now: at(60_000) }),
    );
    await charge(who.id, { depositMinor: 10_00n, now: at(60_000) });
    const pending = await setLimit(who.id, 'DEPOSIT', 'DAY', 20_00n, T0);
    const otherClient = new TestClient(t.app, other.host);
    const token = await otherClient.login(stranger.member.username, stranger.password ?? '');
    const confirm = await otherClient.call('POST', RG_PATHS.confirmChange, { token, body: { changeId: pending.changeId } });
    expect(confirm.json().code).toBe('NOT_FOUND');
    expect((await otherClient.call('GET', RG_PATHS.overview, { token })).json().value.limits).toEqual([]);
  });
});
