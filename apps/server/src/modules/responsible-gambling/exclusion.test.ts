import { randomUUID } from 'node:crypto';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { OPERATOR_RG_PATHS, RG_PATHS } from '@kismat/contracts/responsible-gambling';
import { VENDOR_API_PATHS } from '@kismat/contracts/vendor-wallet';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { depositChannels } from '../../db/schema/cashier';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMember, createMerchant, TestClient, type TestMerchant, useRealClock } from '../../test/factories';
import { fundMember, spinAt } from '../../test/house-games-test-kit';
import { openVendorSession, vendorCall } from '../../test/vendor-test-kit';
import { seedDepositChannels } from '../cashier/seed-deposit-channels';
import { getAccountBalance } from '../wallet/get-account-balance';
import { verifyLedger } from '../wallet/verify-ledger';
import { chargeResponsibleGambling } from './charge-responsible-gambling';
import { admitLogin, requestReturn, takeExclusion } from './manage-exclusion';

/*
 * Time-out and self-exclusion on Postgres: sessions end at once, login is refused saying until
 * when, the vendor bet call answers RS_ERROR_USER_DISABLED, agents cannot transfer in, it cannot be
 * shortened, and after the end play resumes only on the member's explicit return. Operators read
 * (audited) and can only tighten; the near-limit report.
 */

const ROOT = 'root-token-for-responsible-gambling-01';
const PAY = 'Pay@2025x';
const HOUR = 3_600_000;
const origin = { ip: '198.51.100.7', userAgent: 'test' };

describe('time-out, self-exclusion and operators', () => {
  let t: TestApp;
  let site: TestMerchant;
  let client: TestClient;
  beforeAll(async () => {
    t = await buildTestApp({ config: { OPERATOR_TOKEN: ROOT } });
    site = await createMerchant(t.app.db);
    client = new TestClient(t.app, site.host);
  });
  afterEach(() => useRealClock(t));
  afterAll(async () => {
    const report = await verifyLedger(t.app.db);
    expect(report.ok, JSON.stringify(report.samples)).toBe(true);
    await t.close();
  });

  async function player(options: { type?: number; uplineId?: number } = {}) {
    const created = await createMember(t.app.db, site.merchant.id, { paymentPassword: PAY, ...options });
    const token = await client.login(created.member.username, created.password ?? '');
    return { ...created, token };
  }
  const operator = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    client.call(method, url, { headers: { authorization: `Bearer ${ROOT}` }, ...(body === undefined ? {} : { body }) });

  it('a 24 h time-out ends every session, refuses login until its end (BN message), then needs an explicit return', async () => {
    const now = new Date('2026-12-02T08:00:00.000Z');
    t.setNow(now);
    const who = await player();
    await fundMember(t.app.db, site.merchant, who.member.id, 10_00n);
    const second = await client.login(who.member.username, who.password ?? '');
    const taken = await client.call('POST', RG_PATHS.timeOut, { token: who.token, body: { duration: '24H' } });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().value).toMatchObject({
      sessionsEnded: true,
      exclusion: { kind: 'TIME_OUT', active: true, endsAt: new Date(now.getTime() + 24 * HOUR).toISOString() },
    });
    for (const token of [who.token, second]) expect((await client.call('GET', RG_PATHS.overview, { token })).statusCode).toBe(401);

    const bn = new TestClient(t.app, site.host, 'BN');
    const refused = await bn.call('POST', '/wps/session/login', {
      body: { type: 'username', username: who.member.username, password: who.password },
    });
    expect(refused.json().code).toBe('RG_EXCLUDED');
    // The site's time (UTC+06:00 by default): 08:00 UTC + 24 h = 14:00 the next day.
    expect(refused.json().message).toContain('2026-12-03 14:00');
    expect(refused.json().message).toContain('পর্যন্ত');
    // Money paths refuse too (a spin through the house game, the same hook as every path).
    await expect(spinAt(t.app.db, site.merchant, who.member, { betMinor: 1_00n, at: now })).rejects.toMatchObject({ code: 'RG_EXCLUDED' });

    // Cannot be shortened; a longer one replaces it.
    t.setNow(new Date(now.getTime() + 25 * HOUR));
    const token = await client.login(who.member.username, who.password ?? '');
    await expect(spinAt(t.app.db, site.merchant, who.member, { betMinor: 1_00n, at: t.app.now() })).rejects.toMatchObject({
      code: 'RG_EXCLUDED',
    });
    const overview = (await client.call('GET', RG_PATHS.overview, { token })).json().value;
    expect(overview).toMatchObject({ restricted: true, exclusion: { active: true, returnRequestedAt: null } });
    const returned = await client.call('POST', RG_PATHS.returnToPlay, { token, body: {} });
    expect(returned.json().value.exclusion).toMatchObject({ returnEffectiveAt: t.app.now().toISOString() });
    const played = await spinAt(t.app.db, site.merchant, who.member, { betMinor: 1_00n, at: t.app.now() });
    expect(played.bet).toBe(1_00n);
    useRealClock(t);
  });

  it('a self-exclusion cannot be shortened, and its return waits 24 h after its end', async () => {
    const start = new Date('2026-12-02T08:00:00.000Z');
    const who = await player();
    const ref = { merchantId: site.merchant.id, memberId: who.member.id };
    await takeExclusion(t.app.db, { ...ref, kind: 'SELF_EXCLUSION', duration: '1Y', now: start, origin });
    const shorter = takeExclusion(t.app.db, {
      ...ref,
      kind: 'SELF_EXCLUSION',
      duration: '6M',
      now: new Date(start.getTime() + HOUR),
      origin,
    });
    await expect(shorter).rejects.toMatchObject({ code: 'RG_EXCLUSION_ACTIVE' });
    const timeOut = takeExclusion(t.app.db, { ...ref, kind: 'TIME_OUT', duration: '42D', now: new Date(start.getTime() + HOUR), origin });
    await expect(timeOut).rejects.toMatchObject({ code: 'RG_EXCLUSION_ACTIVE' });
    await expect(requestReturn(t.app.db, { ...ref, now: new Date('2027-12-01T08:00:00.000Z') })).rejects.toMatchObject({
      code: 'RG_RETURN_NOT_AVAILABLE',
    });
    // A year later (calendar): the return is asked for, play resumes 24 h after it.
    const asked = new Date('2027-12-02T08:00:01.000Z');
    await admitLogin(t.app.db, { ...ref, now: asked });
    const returned = await requestReturn(t.app.db, { ...ref, now: asked });
    expect(returned.returnEffectiveAt?.toISOString()).toBe(new Date(asked.getTime() + 24 * HOUR).toISOString());
    const bet = (now: Date) => t.app.db.transaction((tx) => chargeResponsibleGambling(tx, { ...ref, stakeMinor: 1_00n, now }));
    await expect(bet(new Date(asked.getTime() + 23 * HOUR))).rejects.toMatchObject({ code: 'RG_EXCLUDED' });
    await bet(new Date(asked.getTime() + 24 * HOUR));
    // Before the end, login is refused.
    await expect(admitLogin(t.app.db, { ...ref, now: new Date(start.getTime() + HOUR) })).rejects.toMatchObject({ code: 'RG_EXCLUDED' });
  });

  it('the vendor bet call of an excluded player answers RS_ERROR_USER_DISABLED and moves nothing', async () => {
    const opened = await openVendorSession(t.app, 'PT', 50_00n);
    const taken = await opened.client.call('POST', RG_PATHS.timeOut, { token: opened.token, body: { duration: '7D' } });
    expect(taken.statusCode, taken.body).toBe(200);
    const bet = await vendorCall(t.app, 'PT', VENDOR_API_PATHS.bet, {
      ...opened.session,
      transactionUuid: randomUUID(),
      roundId: randomUUID(),
      amount: '1.00',
    });
    expect(bet.status).toBe('RS_ERROR_USER_DISABLED');
    expect((await getAccountBalance(t.app.db, opened.cashAccountId)).balance).toBe(50_00n);
  });

  it('an agent cannot transfer into an excluded downline; it only learns "restricted"', async () => {
    const agent = await player({ type: MEMBER_TYPE.AGENT_1 });
    await fundMember(t.app.db, site.merchant, agent.member.id, 100_00n);
    const child = await player({ uplineId: agent.member.id });
    const send = () =>
      client.call('POST', '/wps/v2/wallets/transferFund', {
        token: agent.token,
        body: { downlineId: child.member.id, amount: '10.00', paymentPassword: PAY, idempotencyKey: `k-${randomUUID()}` },
      });
    expect((await send()).statusCode).toBe(200);
    await client.call('POST', RG_PATHS.selfExclusion, { token: child.token, body: { duration: 'PERMANENT' } });
    const refused = await send();
    expect(refused.json().code).toBe('RG_RECIPIENT_RESTRICTED');
    expect(refused.json().value).toBeNull();
    expect((await client.call('GET', '/wps/v2/wallets/balance', { token: agent.token })).json().value.balance).toBe('90.00');
  });

  it('a deposit past the deposit limit is not created (message in the member language); a credited one counts', async () => {
    await seedDepositChannels(t.app.db, site.merchant.id);
    const who = await player();
    const channels = await t.app.db.select().from(depositChannels).where(eq(depositChannels.merchantId, site.merchant.id));
    const bkash = channels.find((row) => row.code === 'bkash');
    if (!bkash) throw new Error('no channel');
    await client.call('POST', RG_PATHS.limits, { token: who.token, body: { kind: 'DEPOSIT', period: 'DAY', value: '1000.00' } });
    const deposit = (amount: string) =>
      client.call('POST', '/wps/v2/cashier/deposits', {
        token: who.token,
        body: { channelId: bkash.id, amount, reference: `TRX${randomUUID().slice(0, 8)}`, idempotencyKey: `k-${randomUUID()}` },
      });
    const tooMuch = await deposit('1200.00');
    expect(tooMuch.json()).toMatchObject({ code: 'RG_LIMIT_REACHED', value: { kind: 'DEPOSIT', period: 'DAY', limit: '1000.00' } });
    expect(tooMuch.json().message).toContain('24-hour deposit limit');
    const created = await deposit('800.00');
    expect(created.statusCode, created.body).toBe(200);
    const approved = await operator('POST', `/admin-api/cashier/deposits/${created.json().value.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const over = await deposit('200.01');
    expect(over.json().code).toBe('RG_LIMIT_REACHED');
    expect(over.json().message).toMatch(/resets at \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\+06:00\)/);
    expect((await deposit('200.00')).statusCode).toBe(200);
  });

  it('operators read (audited), only tighten, and see members near or at their limits', async () => {
    const who = await player();
    await client.call('POST', RG_PATHS.limits, { token: who.token, body: { kind: 'DEPOSIT', period: 'WEEK', value: '100.00' } });
    const path = OPERATOR_RG_PATHS.memberLimit.replace(':code', site.merchant.code).replace(':memberId', String(who.member.id));
    const tighter = await operator('POST', path, { kind: 'DEPOSIT', period: 'WEEK', value: '40.00', reason: 'affordability check' });
    expect(tighter.statusCode, tighter.body).toBe(200);
    expect(tighter.json().value.overview.limits[0]).toMatchObject({ value: '40.00', setBy: 'OPERATOR' });
    expect(tighter.json().value.history[0]).toMatchObject({
      by: 'OPERATOR',
      oldValue: '100.00',
      newValue: '40.00',
      reason: 'affordability check',
    });
    const looser = await operator('POST', path, { kind: 'DEPOSIT', period: 'WEEK', value: '60.00', reason: 'asked by phone' });
    expect(looser.json().code).toBe('RG_OPERATOR_CANNOT_LOOSEN');
    // The member's own view never names the operator.
    const history = (await client.call('GET', RG_PATHS.history, { token: who.token })).json().value;
    expect(history.list[0]).toMatchObject({ by: 'OPERATOR', operator: null, reason: null });
    // The member's inbox says the limit changed, without the operator's internal reason.
    const inbox = (await client.call('GET', '/wps/v2/notifications', { token: who.token })).json().value;
    expect(inbox.items[0]).toMatchObject({ kind: 'limits_changed', isRead: false, reason: null });

    await t.app.db.transaction(async (tx) => {
      const { chargeResponsibleGambling } = await import('./charge-responsible-gambling');
      await chargeResponsibleGambling(tx, {
        merchantId: site.merchant.id,
        memberId: who.member.id,
        depositMinor: 35_00n,
        now: t.app.now(),
      });
    });
    const report = await operator('GET', OPERATOR_RG_PATHS.nearLimits.replace(':code', site.merchant.code));
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().value.list).toContainEqual(
      expect.objectContaining({
        memberId: who.member.id,
        kind: 'DEPOSIT',
        period: 'WEEK',
        used: '35.00',
        usedPercent: 87.5,
        atLimit: false,
      }),
    );
    const read = await operator(
      'GET',
      OPERATOR_RG_PATHS.member.replace(':code', site.merchant.code).replace(':memberId', String(who.member.id)),
    );
    expect(read.json().value).toMatchObject({ memberId: who.member.id, username: who.member.username });
    const audit = (await operator('GET', '/admin-api/audit')).json().value;
    expect(JSON.stringify(audit)).toContain('rg.member_viewed');
    // Another merchant's code does not reach this member.
    const elsewhere = await createMerchant(t.app.db);
    const wrong = await operator(
      'GET',
      OPERATOR_RG_PATHS.member.replace(':code', elsewhere.merchant.code).replace(':memberId', String(who.member.id)),
    );
    expect(wrong.json().code).toBe('NOT_FOUND');
  });
});
