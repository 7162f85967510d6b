import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members, outboxMessages } from '../../db/schema/accounts';
import type { TestApp } from '../../test/build-test-app';
import {
  createMember,
  createMerchant,
  latestOutboxCode,
  TestClient,
  type TestMerchant,
  uniqueIp,
  uniqueMobile,
  uniqueSuffix,
} from '../../test/factories';
import { memberAudits } from '../../test/member-audits';
import { useShop } from '../../test/shop-fixture';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './seed-demo-accounts';

async function latestEmail(t: TestApp, to: string) {
  const rows = await t.app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to));
  return rows.at(-1) ?? null;
}

describe('passwords: change, forgot by e-mail, set by phone', () => {
  let t: TestApp;
  let shop: TestMerchant;
  let client: TestClient;

  useShop((fixture) => {
    ({ t, shop, client } = fixture);
  });

  it('refuses a wrong old password, a mismatch, a rule failure, 123456 and an unchanged password', async () => {
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const token = await client.login(member.username, password ?? '', { ip: uniqueIp() });
    const change = (body: Record<string, string>) => client.call('POST', '/wps/member/password', { token, body });
    const wrongOld = await change({ oldPassword: 'not-mine-1', newPassword: 'Another#2031', confirmNewPassword: 'Another#2031' });
    expect(wrongOld.json()).toMatchObject({ code: 'OLD_PASSWORD_INVALID', message: 'The old password is not correct' });
    const mismatch = await change({ oldPassword: password ?? '', newPassword: 'Another#2031', confirmNewPassword: 'Another#2032' });
    expect(mismatch.json()).toMatchObject({ code: 'PASSWORD_MISMATCH', message: 'Confirmation password is not correct' });
    expect(mismatch.json().value.fields[0]).toMatchObject({ field: 'confirmNewPassword', reason: 'mismatch' });
    const short = await change({ oldPassword: password ?? '', newPassword: 'abc', confirmNewPassword: 'abc' });
    expect(short.json().value.fields[0]).toMatchObject({
      field: 'newPassword',
      patternId: 'LENGTH_ONLY',
      message: 'Please fill in 6 - 20 characters',
    });
    const forced = await change({ oldPassword: password ?? '', newPassword: '123456', confirmNewPassword: '123456' });
    expect(forced.json().value.fields[0]).toMatchObject({ field: 'newPassword', reason: 'invalid' });
    const same = await change({ oldPassword: password ?? '', newPassword: password ?? '', confirmNewPassword: password ?? '' });
    expect(same.json().code).toBe('PASSWORD_UNCHANGED');
    // None of these changed anything: the session still works.
    expect((await client.call('GET', '/wps/member/info', { token })).statusCode).toBe(200);
  });

  it('changes the password through a sealed body (the E call as the web sends it)', async () => {
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const token = await client.login(member.username, password ?? '', { ip: uniqueIp() });
    const response = await client.call('POST', '/wps/member/password', {
      token,
      encrypt: true,
      body: { oldPassword: password, newPassword: 'Sealed#2030', confirmNewPassword: 'Sealed#2030' },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(members).where(eq(members.id, member.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordChangedAt.getTime()).toBeGreaterThan(member.passwordChangedAt.getTime() - 1);
  });

  it("forgot by e-mail: the link uses the merchant's configured public origin, and a forged Host changes nothing", async () => {
    const own = await createMerchant(t.app.db, { settings: { publicOrigin: 'http://play.kismat.example:8080/any/path' } });
    const ownClient = new TestClient(t.app, own.host);
    const email = `origin${uniqueSuffix(6)}@example.com`;
    const { member } = await createMember(t.app.db, own.merchant.id, { email });
    const sent = await ownClient.call('POST', '/wps/member/password/email', {
      body: `username=${encodeURIComponent(member.username)}&email=${encodeURIComponent(email)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-host': 'evil.example' },
      ip: uniqueIp(),
    });
    expect(sent.statusCode).toBe(200);
    const mail = await latestEmail(t, email);
    expect(mail?.body).toContain('http://play.kismat.example:8080/?resetToken=');
    expect(mail?.body).not.toContain('evil.example');
  });

  it('forgot by e-mail (form-encoded): same answer for a match and a miss; the link works once', async () => {
    const email = `reset${uniqueSuffix(6)}@example.com`;
    const { member, password } = await createMember(t.app.db, shop.merchant.id, { email });
    const oldToken = await client.login(member.username, password ?? '', { ip: uniqueIp() });
    const form = (username: string, address: string) =>
      client.call('POST', '/wps/member/password/email', {
        body: `username=${encodeURIComponent(username)}&email=${encodeURIComponent(address)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        ip: uniqueIp(),
      });
    const hit = await form(member.username.toUpperCase(), email.toUpperCase());
    const wrongEmail = await form(member.username, 'other@example.com');
    const unknown = await form('nobody_at_all', email);
    expect(hit.statusCode).toBe(200);
    expect(hit.json()).toEqual(wrongEmail.json());
    expect(hit.json()).toEqual(unknown.json());
    expect(hit.json().value).toEqual({ expiredMinutes: 30 });

    const mail = await latestEmail(t, email);
    expect(mail?.subject).toBe('Reset your Kismat password');
    const resetToken = /resetToken=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
    // The link points at the merchant's own domain, never at the request's Host header.
    expect(mail?.body).toContain(`https://${shop.host}/?resetToken=`);
    expect(await t.app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'other@example.com'))).toHaveLength(0);

    const reset = await client.call('POST', '/wps/member/password/reset', {
      body: { token: resetToken, newPassword: 'FromMail#1', confirmNewPassword: 'FromMail#1' },
      ip: uniqueIp(),
    });
    expect(reset.json()).toMatchObject({ success: true, value: { userName: member.username } });
    expect((await client.call('GET', '/wps/member/info', { token: oldToken })).json().code).toBe('SESSION_EXPIRED');
    await client.login(member.username, 'FromMail#1', { ip: uniqueIp() });
    const again = await client.call('POST', '/wps/member/password/reset', {
      body: { token: resetToken, newPassword: 'FromMail#2', confirmNewPassword: 'FromMail#2' },
      ip: uniqueIp(),
    });
    expect(again.json()).toMatchObject({ code: 'RESET_LINK_INVALID', message: 'This link is invalid or has expired' });
  });

  it('a reset link expires after 30 minutes', async () => {
    const start = new Date('2032-01-01T00:00:00Z');
    t.setNow(start);
    const email = `late${uniqueSuffix(6)}@example.com`;
    const { member } = await createMember(t.app.db, shop.merchant.id, { email });
    await client.call('POST', '/wps/member/password/email', { body: { username: member.username, email }, ip: uniqueIp() });
    const resetToken = /resetToken=([A-Za-z0-9_-]+)/.exec((await latestEmail(t, email))?.body ?? '')?.[1];
    t.setNow(new Date(start.getTime() + 31 * 60_000));
    const late = await client.call('POST', '/wps/member/password/reset', {
      body: { token: resetToken, newPassword: 'TooLate#1', confirmNewPassword: 'TooLate#1' },
      ip: uniqueIp(),
    });
    expect(late.json().code).toBe('RESET_LINK_INVALID');
  });

  it('sets a password by phone: code from noLogin, every session ends, then the new password logs in', async () => {
    const mobile = uniqueMobile();
    const { member, password } = await createMember(t.app.db, shop.merchant.id, {
      mobile: { dialingCode: '+880', national: mobile.national, verified: false },
    });
    const oldToken = await client.login(member.username, password ?? '', { ip: uniqueIp() });
    await client.call('POST', '/wps/verification/sms/noLogin', {
      body: { countryDialingCode: '+880', mobileNo: mobile.national },
      ip: uniqueIp(),
    });
    const code = await latestOutboxCode(t.app.db, mobile.e164);
    const response = await client.call('POST', '/wps/member/password/verification', {
      body: {
        mobileNum: mobile.national,
        countryDialingCode: '+880',
        verificationCode: code,
        newPassword: 'ByPhone#1',
        confirmNewPassword: 'ByPhone#1',
      },
      encrypt: true,
      ip: uniqueIp(),
    });
    expect(response.json()).toMatchObject({ success: true, value: { userName: member.username } });
    expect((await client.call('GET', '/wps/member/info', { token: oldToken })).json().code).toBe('SESSION_EXPIRED');
    await client.login(member.username, 'ByPhone#1', { ip: uniqueIp() });
    const [row] = await t.app.db.select().from(members).where(eq(members.id, member.id));
    expect(row?.mobileVerifiedAt).not.toBeNull();
    const audits = await memberAudits(t.app.db, member.id, 'password.reset_by_phone');
    expect(audits).toHaveLength(1);
  });

  it('answers an unknown number like a wrong code when setting a password by phone', async () => {
    const mobile = uniqueMobile();
    await client.call('POST', '/wps/verification/sms/noLogin', { body: { mobileNo: mobile.national }, ip: uniqueIp() });
    const response = await client.call('POST', '/wps/member/password/verification', {
      body: { mobileNum: mobile.national, verificationCode: '123456', newPassword: 'Nobody#12' },
      ip: uniqueIp(),
    });
    expect(response.json()).toMatchObject({ code: 'VERIFICATION_CODE_INVALID' });
  });

  it('seeds the demo agent and player idempotently, and both log in', async () => {
    expect(await seedDemoAccounts(t.app.db)).not.toBeNull();
    const again = await seedDemoAccounts(t.app.db);
    const demo = new TestClient(t.app, 'localhost');
    const agentLogin = await demo.call('POST', '/wps/session/login', {
      body: { username: DEMO_ACCOUNTS.agent.username, password: DEMO_ACCOUNTS.agent.password, agentLogin: true },
      ip: uniqueIp(),
    });
    expect(agentLogin.json().value.member).toMatchObject({ id: again?.agentId, isAgent: true, affiliateCode: 'DEMO2025' });
    const playerLogin = await demo.call('POST', '/wps/session/login', {
      body: { username: DEMO_ACCOUNTS.player.username, password: DEMO_ACCOUNTS.player.password },
      ip: uniqueIp(),
    });
    expect(playerLogin.json().value.member).toMatchObject({ id: again?.playerId, isAgent: false });
    const [player] = await t.app.db
      .select()
      .from(members)
      .where(eq(members.id, again?.playerId ?? 0));
    expect(player?.uplineId).toBe(again?.agentId);
    const check = await demo.call('GET', '/wps/agent/affiliate?code=demo2025', { ip: uniqueIp() });
    expect(check.json().value.valid).toBe(true);
  });
});
