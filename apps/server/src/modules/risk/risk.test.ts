import { RISK_ADMIN_PATHS } from '@kismat/contracts/risk-admin';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankAccounts, members } from '../../db/schema/accounts';
import { operatorAuditLog } from '../../db/schema/operators';
import { riskFlags } from '../../db/schema/risk';
import type { TestApp } from '../../test/build-test-app';
import { createMember, type TestClient, type TestMerchant, uniqueIp, uniqueSuffix } from '../../test/factories';
import { buyTicketsAt } from '../../test/house-games-test-kit';
import { cashierKit, PAY, useCashierSite } from '../cashier/cashier-test-kit';
import { scanRiskRules } from './index';

let t: TestApp;
let site: TestMerchant;
let client: TestClient;

useCashierSite((opened) => {
  ({ t, site, client } = opened);
});

const { key, operator, bindBank, depositApproved, expectLedgerOk } = cashierKit(() => ({ t, site, client }));

/**
 * A player who logs in from an address of their own: the test client's default address and
 * browser string are shared by every test member, which the rules rightly call one device.
 */
async function player() {
  const created = await createMember(t.app.db, site.merchant.id, { paymentPassword: PAY });
  const token = await client.login(created.member.username, created.password ?? '', { ip: uniqueIp() });
  return { ...created, token };
}

/** A player with `amount` credited through an approved bKash deposit. */
async function fundedPlayer(amount: string) {
  return await depositApproved(await player(), amount);
}
const flagsUrl = () => RISK_ADMIN_PATHS.flags.replace(':code', site.merchant.code);

async function flagsOf(memberId: number) {
  return t.app.db.select().from(riskFlags).where(eq(riskFlags.memberId, memberId));
}

async function loginFrom(username: string, password: string, ip: string, userAgent: string) {
  const response = await client.call('POST', '/wps/session/login', {
    body: { type: 'username', username, password },
    ip,
    headers: { 'user-agent': userAgent },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('risk rules', () => {
  it('flags two accounts on one device once, whatever the reruns, and lists them in the queue', async () => {
    const one = await player();
    const two = await player();
    const agent = 'Mozilla/5.0 (Linux; Android 14; SM-A546E) Chrome/130';
    await loginFrom(one.member.username, one.password ?? '', '203.0.113.77', agent);
    await loginFrom(two.member.username, two.password ?? '', '203.0.113.77', agent);

    const first = await scanRiskRules(t.app.db, site.merchant.id, t.app.now());
    expect(first).toBeGreaterThanOrEqual(2);
    const onThatPhone = async (memberId: number) =>
      (await flagsOf(memberId)).filter((flag) => flag.rule === 'SHARED_DEVICE' && String(flag.detail.shared).startsWith('203.0.113.77'));
    for (const member of [one, two]) {
      const device = await onThatPhone(member.member.id);
      expect(device).toHaveLength(1);
      expect(device[0]?.severity).toBe('HIGH');
    }
    // Scanning again (and logging in again) finds the same evidence: nothing new.
    await loginFrom(one.member.username, one.password ?? '', '203.0.113.77', agent);
    await scanRiskRules(t.app.db, site.merchant.id, t.app.now());
    expect(await onThatPhone(one.member.id)).toHaveLength(1);

    const queue = await operator('GET', `${flagsUrl()}?rule=SHARED_DEVICE&member=${one.member.username}`);
    expect(queue.statusCode, queue.body).toBe(200);
    const items = queue.json().value.items as { username: string; evidence: string; status: string }[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ username: one.member.username, status: 'OPEN' });
    expect(items[0]?.evidence).toContain('203.0.113.77');
  });

  it('links two accounts by the device id the web keeps, whatever IP each logged in from', async () => {
    const one = await player();
    const two = await player();
    const device = `dev-${uniqueSuffix(16)}`;
    for (const [member, ip] of [
      [one, '203.0.113.10'],
      [two, '198.51.100.200'],
    ] as const) {
      const response = await client.call('POST', '/wps/session/login', {
        body: { type: 'username', username: member.member.username, password: member.password },
        ip,
        headers: { 'x-device-id': device },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    await scanRiskRules(t.app.db, site.merchant.id, t.app.now());
    for (const member of [one, two]) {
      const flags = (await flagsOf(member.member.id)).filter(
        (flag) => flag.rule === 'SHARED_DEVICE' && flag.detail.shared === `device ${device}`,
      );
      expect(flags).toHaveLength(1);
    }
  });

  it('holds the withdrawal of a member sharing a payout account until the flag is reviewed', async () => {
    const owner = await fundedPlayer('500.00');
    const other = await player();
    const ownerBank = await bindBank(owner.member.id);
    const [account] = await t.app.db.select().from(bankAccounts).where(eq(bankAccounts.id, ownerBank));
    if (!account) throw new Error('no bank account');
    await t.app.db.insert(bankAccounts).values({
      memberId: other.member.id,
      merchantId: site.merchant.id,
      accountName: 'Someone Else',
      // The same number under another spelling of the bank: one payout account.
      accountNumber: account.accountNumber,
      bankName: 'DBBL',
      confirmedAt: new Date(),
    });
    await scanRiskRules(t.app.db, site.merchant.id, t.app.now());
    const [flag] = (await flagsOf(owner.member.id)).filter((row) => row.rule === 'SHARED_BANK_ACCOUNT');
    if (!flag) throw new Error('no shared bank account flag');
    expect((await flagsOf(other.member.id)).some((row) => row.rule === 'SHARED_BANK_ACCOUNT')).toBe(true);

    const asked = await client.call('POST', '/wps/v2/cashier/withdrawals', {
      token: owner.token,
      body: { bankAccountId: ownerBank, amount: '200.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const withdrawalId = asked.json().value.id as number;
    const held = await operator('POST', `/admin-api/cashier/withdrawals/${withdrawalId}/approve`, {});
    expect(held.statusCode).toBe(409);
    expect(held.json().code).toBe('RISK_REVIEW_PENDING');

    const reviewUrl = RISK_ADMIN_PATHS.flagReview.replace(':code', site.merchant.code).replace(':id', String(flag.id));
    const tooShort = await operator('POST', reviewUrl, { outcome: 'DISMISSED', note: '' });
    expect(tooShort.statusCode).toBe(422);
    const reviewed = await operator('POST', reviewUrl, { outcome: 'DISMISSED', note: 'Husband and wife, same bKash, checked by phone' });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().value).toMatchObject({ status: 'DISMISSED', reviewedBy: 'root' });
    expect((await operator('POST', reviewUrl, { outcome: 'CONFIRMED', note: 'second look' })).json().code).toBe('RISK_FLAG_REVIEWED');
    const audits = await t.app.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'risk.flag_reviewed'), eq(operatorAuditLog.targetId, String(flag.id))));
    expect(audits).toHaveLength(1);

    const approved = await operator('POST', `/admin-api/cashier/withdrawals/${withdrawalId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    await expectLedgerOk();
  });

  it('flags a withdrawal of deposits that were hardly played, and many accounts registered from one IP', async () => {
    const member = await fundedPlayer('1000.00');
    const bankAccountId = await bindBank(member.member.id);
    const asked = await client.call('POST', '/wps/v2/cashier/withdrawals', {
      token: member.token,
      body: { bankAccountId, amount: '900.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    expect(asked.statusCode, asked.body).toBe(200);

    const burst = [await player(), await player(), await player()];
    for (const row of burst) await t.app.db.update(members).set({ registerIp: '198.18.0.99' }).where(eq(members.id, row.member.id));

    await scanRiskRules(t.app.db, site.merchant.id, t.app.now());
    const lowPlay = (await flagsOf(member.member.id)).find((flag) => flag.rule === 'DEPOSIT_WITHDRAW_LOW_PLAY');
    expect(lowPlay?.detail).toMatchObject({ withdrawalId: asked.json().value.id, depositsMinor: '100000', stakesMinor: '0' });
    for (const row of burst) expect((await flagsOf(row.member.id)).some((flag) => flag.rule === 'MANY_ACCOUNTS_ONE_IP')).toBe(true);
    // MEDIUM flags are queued, they do not hold the payout.
    const approved = await operator('POST', `/admin-api/cashier/withdrawals/${asked.json().value.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('flags both sides of an even-chance lottery bet in one draw, not one side alone', async () => {
    const both = await fundedPlayer('500.00');
    const oneSide = await fundedPlayer('500.00');
    // Five seconds into the current minute: inside the 1-minute draw's betting window whatever the wall clock says.
    const at = new Date(Math.floor(t.app.now().getTime() / 60_000) * 60_000 + 5000);
    const slip = await buyTicketsAt(t.app.db, site.merchant, both.member, {
      gameCode: 'ELOTT_1M',
      at,
      tickets: [
        { betType: 'SUM_SIZE', selection: 'BIG', amountMinor: 1000n },
        { betType: 'SUM_SIZE', selection: 'SMALL', amountMinor: 1000n },
      ],
    });
    await buyTicketsAt(t.app.db, site.merchant, oneSide.member, {
      gameCode: 'ELOTT_1M',
      at,
      tickets: [{ betType: 'SUM_SIZE', selection: 'BIG', amountMinor: 1000n }],
    });
    await scanRiskRules(t.app.db, site.merchant.id, new Date(slip.drawAt.getTime() + 1000));
    const flagged = (await flagsOf(both.member.id)).filter((flag) => flag.rule === 'BOTH_SIDES');
    expect(flagged).toHaveLength(1);
    expect(flagged[0]?.detail).toMatchObject({ betType: 'SUM_SIZE', selections: ['BIG', 'SMALL'], stakeMinor: '2000' });
    expect((await flagsOf(oneSide.member.id)).filter((flag) => flag.rule === 'BOTH_SIDES')).toHaveLength(0);
  });

  it('refuses a call without an operator session and answers an unknown member with an empty page', async () => {
    const forbidden = await client.call('POST', RISK_ADMIN_PATHS.scan.replace(':code', 'NOPE'), {
      headers: { authorization: `Bearer ${'x'.repeat(40)}` },
    });
    expect([401, 403]).toContain(forbidden.statusCode);
    expect(await t.app.db.select().from(riskFlags).where(eq(riskFlags.merchantId, -1))).toEqual([]);
    const unknown = await operator('GET', `${flagsUrl()}?member=nobody-here`);
    expect(unknown.json().value.items).toEqual([]);
  });
});
