import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/accounts';
import type { TestApp } from '../../test/build-test-app';
import {
  createMember,
  hideRegistrationFields,
  latestOutboxCode,
  TestClient,
  type TestMerchant,
  uniqueIp,
  uniqueMobile,
  uniqueSuffix,
} from '../../test/factories';
import { useShop } from '../../test/shop-fixture';
import { isPasswordTooGuessable } from './password-strength';

/** Each passes the default rule (6 - 20 characters of anything) and is among the first guesses of any attacker. */
const WEAK = ['aaaaaa', '123456', 'password', '111111', 'qwerty123', 'Password1'];
const TOO_COMMON_EN = 'This password is too common or easy to guess, please choose a stronger one mixing letters, digits and symbols';

describe('common and guessable passwords are refused wherever a password is set (issue 11 item 8)', () => {
  let t: TestApp;
  let shop: TestMerchant;
  let client: TestClient;

  useShop(
    async (fixture) => {
      ({ t, shop, client } = fixture);
      await hideRegistrationFields(t.app.db, shop.merchant.id, 'mobileNum', 'captcha');
    },
    { merchant: { flags: { REGMOBVERF3: false } } },
  );

  /** 123456 on a change or reset keeps its own "cannot be used" text (the password that forces a change). */
  function expectTooCommon(
    response: { statusCode: number; json(): { code: string; value: { fields: unknown[] } } },
    field: string,
    password: string,
  ) {
    expect([password, response.statusCode, response.json().code]).toEqual([password, 422, 'VALIDATION_FAILED']);
    const message = password === '123456' && field === 'newPassword' ? expect.any(String) : TOO_COMMON_EN;
    expect(response.json().value.fields).toEqual([expect.objectContaining({ field, reason: 'invalid', message })]);
  }

  it('keeps ordinary strong passwords (the demo and e2e ones) and refuses the weak ones', () => {
    for (const strong of ['Demo@2025', 'Agent@2025', 'Better#2025', 'Sign-up#2025', 'Long-enough-e2e-1', 'Kx7mRq2vLw']) {
      expect([strong, isPasswordTooGuessable(strong)]).toEqual([strong, false]);
    }
    for (const weak of WEAK) expect([weak, isPasswordTooGuessable(weak)]).toEqual([weak, true]);
    // Built from the account's own name: guessed from the login screen.
    expect(isPasswordTooGuessable('rahimuddin1', ['rahimuddin'])).toBe(true);
  });

  it('on registration, in the request language', async () => {
    const register = (password: string, language = 'EN') =>
      new TestClient(t.app, shop.host, language).call('PUT', '/wps/member/register', {
        body: { username: `weak${uniqueSuffix(8)}`, password, confirmPassword: password, acceptTerms: true, login: false },
        ip: uniqueIp(),
      });
    for (const password of WEAK) expectTooCommon(await register(password), 'password', password);
    const bn = await register('password', 'BN');
    expect(bn.json().value.fields[0].message).toBe('এই পাসওয়ার্ডটি খুব সাধারণ বা সহজে অনুমানযোগ্য, অক্ষর, সংখ্যা ও চিহ্ন মিলিয়ে আরও শক্ত একটি দিন');
    const sw = await register('aaaaaa', 'SW');
    expect(sw.json().value.fields[0].message).toContain('Nenosiri hili ni la kawaida mno');
    const good = await register('Sign-up#2025');
    expect(good.statusCode, good.body).toBe(200);
  });

  it('on an account an agent creates in the register centre', async () => {
    const agent = await createMember(t.app.db, shop.merchant.id, { type: MEMBER_TYPE.AGENT_41, affiliateCode: `WK${uniqueSuffix(6)}` });
    const token = await client.login(agent.member.username, agent.password ?? '', { ip: uniqueIp() });
    const create = (password: string) =>
      client.call('POST', '/wps/agent/register', { token, body: { username: `dl${uniqueSuffix(8)}`, password, type: 0 }, ip: uniqueIp() });
    for (const password of WEAK) expectTooCommon(await create(password), 'password', password);
    const good = await create('Kx7mRq2vLw');
    expect(good.statusCode, good.body).toBe(200);
  });

  it('on a password change, and 123456 still forces existing accounts to change it at login', async () => {
    const { member } = await createMember(t.app.db, shop.merchant.id, { password: '123456' });
    const login = await client.call('POST', '/wps/session/login', {
      body: { username: member.username, password: '123456' },
      ip: uniqueIp(),
    });
    expect(login.json().value).toMatchObject({ forceChangePassword: true });
    const token = login.json().value.token;
    const change = (newPassword: string) =>
      client.call('POST', '/wps/member/password', { token, body: { oldPassword: '123456', newPassword, confirmNewPassword: newPassword } });
    for (const password of WEAK.filter((weak) => weak !== '123456')) expectTooCommon(await change(password), 'newPassword', password);
    const good = await change('Better#2025');
    expect(good.statusCode, good.body).toBe(200);
  });

  it('on a reset by phone code and by e-mail link', async () => {
    const mobile = uniqueMobile();
    const email = `weak${uniqueSuffix(6)}@example.com`;
    const { member } = await createMember(t.app.db, shop.merchant.id, {
      email,
      mobile: { dialingCode: '+880', national: mobile.national },
    });
    await client.call('POST', '/wps/verification/sms/noLogin', {
      body: { countryDialingCode: '+880', mobileNo: mobile.national },
      ip: uniqueIp(),
    });
    const code = await latestOutboxCode(t.app.db, mobile.e164);
    const byPhone = (newPassword: string) =>
      client.call('POST', '/wps/member/password/verification', {
        body: {
          mobileNum: mobile.national,
          countryDialingCode: '+880',
          verificationCode: code,
          newPassword,
          confirmNewPassword: newPassword,
        },
        ip: uniqueIp(),
      });
    for (const password of WEAK) expectTooCommon(await byPhone(password), 'newPassword', password);

    await client.call('POST', '/wps/member/password/email', { body: { username: member.username, email }, ip: uniqueIp() });
    const mails = await t.app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    const resetToken = /resetToken=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.body ?? '')?.[1];
    const byMail = (newPassword: string) =>
      client.call('POST', '/wps/member/password/reset', {
        body: { token: resetToken, newPassword, confirmNewPassword: newPassword },
        ip: uniqueIp(),
      });
    for (const password of WEAK) expectTooCommon(await byMail(password), 'newPassword', password);
    // The refusals spent neither the code nor the link.
    expect((await byMail('FromMail#2031')).json()).toMatchObject({ success: true, value: { userName: member.username } });
    expect((await byPhone('ByPhone#2031')).json()).toMatchObject({ success: true, value: { userName: member.username } });
  });
});
