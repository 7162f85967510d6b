import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages, verificationCodes } from '../../db/schema/accounts';
import type { TestApp } from '../../test/build-test-app';
import { createMember, latestOutboxCode, type TestClient, type TestMerchant, uniqueIp, uniqueMobile } from '../../test/factories';
import { useShop } from '../../test/shop-fixture';
import { consumeVerificationCode } from '../member/consume-verification-code';

describe('SMS codes: sending limits, lockout, single use', () => {
  let t: TestApp;
  let shop: TestMerchant;
  let client: TestClient;

  useShop(
    (fixture) => {
      ({ t, shop, client } = fixture);
    },
    { config: { SMS_DAILY_LIMIT_PER_NUMBER: 4, SMS_DAILY_LIMIT_PER_IP: 6 } },
  );

  async function memberWithMobile() {
    const mobile = uniqueMobile();
    const created = await createMember(t.app.db, shop.merchant.id, { mobile: { dialingCode: '+880', national: mobile.national } });
    return { ...created, mobile };
  }

  const sendNoLogin = (mobileNo: string, ip: string) =>
    client.call('POST', '/wps/verification/sms/noLogin', { body: { countryDialingCode: '+880', mobileNo }, ip });

  /** Uses an SMS code sent by sendNoLogin directly (the operation the calls that take a code run). */
  const consumeNoLoginCode = (recipient: string, code: string, now: Date) =>
    consumeVerificationCode(t.app.db, { merchantId: shop.merchant.id, channel: 'SMS', recipient, purposes: ['NO_LOGIN'], code, now });

  it('sends a six-digit code to a member number, answering expiredMinutes and a message', async () => {
    const { mobile } = await memberWithMobile();
    const response = await sendNoLogin(mobile.national, uniqueIp());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      code: 'OK',
      message: 'The verification code has been sent and is valid for 5 minutes',
      value: { expiredMinutes: 5, resendAfterSeconds: 60 },
    });
    const [message] = await t.app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, mobile.e164));
    expect(message?.body).toMatch(/\b\d{6}\b/);
    const [row] = await t.app.db.select().from(verificationCodes).where(eq(verificationCodes.recipient, mobile.e164));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(/\b(\d{6})\b/.exec(message?.body ?? '')?.[1]);
  });

  it('answers the same for a number without an account, and sends nothing to it', async () => {
    const mobile = uniqueMobile();
    const response = await sendNoLogin(mobile.national, uniqueIp());
    expect(response.json()).toMatchObject({ success: true, value: { expiredMinutes: 5, resendAfterSeconds: 60 } });
    expect(await latestOutboxCode(t.app.db, mobile.e164)).toBeNull();
  });

  it('refuses an invalid number (MOBILE_INVALID) and a taken number for registration (MOBILE_TAKEN)', async () => {
    const invalid = await sendNoLogin('12345', uniqueIp());
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({ code: 'MOBILE_INVALID', message: 'Please enter a valid mobile number' });
    const { mobile } = await memberWithMobile();
    const taken = await client.call('POST', '/wps/verification/sms/register', {
      body: { countryDialingCode: '+880', mobileNum: mobile.national },
      ip: uniqueIp(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('MOBILE_TAKEN');
    const fresh = uniqueMobile();
    const ok = await client.call('POST', '/wps/verification/sms/register', { body: { mobileNo: fresh.national }, ip: uniqueIp() });
    expect(ok.json().value.expiredMinutes).toBe(5);
    expect(await latestOutboxCode(t.app.db, fresh.e164)).toMatch(/^\d{6}$/);
  });

  it('allows one send per number per minute, then locks the number for 5 minutes after repeated pushing', async () => {
    const start = new Date('2031-01-01T08:00:00Z');
    t.setNow(start);
    const { mobile } = await memberWithMobile();
    const ip = uniqueIp();
    expect((await sendNoLogin(mobile.national, ip)).statusCode).toBe(200);
    t.setNow(new Date(start.getTime() + 20_000));
    const tooSoon = await sendNoLogin(mobile.national, ip);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 'SMS_TOO_FREQUENT', value: { retryAfterSeconds: 40 } });
    expect((await sendNoLogin(mobile.national, ip)).json().code).toBe('SMS_TOO_FREQUENT');
    const locked = await sendNoLogin(mobile.national, ip);
    expect(locked.json()).toMatchObject({
      code: 'SMS_TOO_MANY_REQUESTS',
      message: 'Too many requests, please try again after 5 minutes',
      value: { retryAfterSeconds: 300 },
    });
    // The lock holds past the minute rule and from another IP ...
    t.setNow(new Date(start.getTime() + 200_000));
    expect((await sendNoLogin(mobile.national, uniqueIp())).json().code).toBe('SMS_TOO_MANY_REQUESTS');
    // ... and ends after five minutes.
    t.setNow(new Date(start.getTime() + 20_000 + 300_000 + 1000));
    expect((await sendNoLogin(mobile.national, ip)).statusCode).toBe(200);
  });

  it('caps sends per number per day (then locks for 5 minutes)', async () => {
    const start = new Date('2031-02-01T08:00:00Z');
    const { mobile } = await memberWithMobile();
    for (let i = 0; i < 4; i += 1) {
      t.setNow(new Date(start.getTime() + i * 61_000));
      expect((await sendNoLogin(mobile.national, uniqueIp())).statusCode).toBe(200);
    }
    t.setNow(new Date(start.getTime() + 4 * 61_000));
    expect((await sendNoLogin(mobile.national, uniqueIp())).json().code).toBe('SMS_TOO_MANY_REQUESTS');
    t.setNow(new Date(start.getTime() + 86_400_000 + 10 * 60_000));
    expect((await sendNoLogin(mobile.national, uniqueIp())).statusCode).toBe(200);
  });

  it('caps sends per IP per day across numbers', async () => {
    t.setNow(new Date('2031-03-01T08:00:00Z'));
    const ip = uniqueIp();
    for (let i = 0; i < 6; i += 1) expect((await sendNoLogin(uniqueMobile().national, ip)).statusCode).toBe(200);
    const capped = await sendNoLogin(uniqueMobile().national, ip);
    expect(capped.json()).toMatchObject({ code: 'SMS_TOO_MANY_REQUESTS', value: { retryAfterSeconds: 300 } });
    expect((await sendNoLogin(uniqueMobile().national, uniqueIp())).statusCode).toBe(200);
  });

  it('lets exactly one of 20 parallel sends to one number through', async () => {
    const { mobile } = await memberWithMobile();
    const responses = await Promise.all(Array.from({ length: 20 }, () => sendNoLogin(mobile.national, uniqueIp())));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.every((response) => response.statusCode === 200 || response.statusCode === 429)).toBe(true);
    const rows = await t.app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, mobile.e164));
    expect(rows).toHaveLength(1);
  });

  it('uses a code once: 20 parallel password resets with one code succeed exactly once', async () => {
    const { mobile } = await memberWithMobile();
    await sendNoLogin(mobile.national, uniqueIp());
    const code = await latestOutboxCode(t.app.db, mobile.e164);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.call('POST', '/wps/member/password/verification', {
          body: { mobileNum: mobile.national, countryDialingCode: '+880', verificationCode: code, newPassword: `Parallel#${i}x` },
          ip: uniqueIp(),
        }),
      ),
    );
    const codes = responses.map((response) => response.json().code);
    expect(codes.filter((value) => value === 'OK')).toHaveLength(1);
    expect(codes.filter((value) => value === 'VERIFICATION_CODE_INVALID')).toHaveLength(19);
  });

  it('consumes a code once under direct parallel use too', async () => {
    const { mobile } = await memberWithMobile();
    await sendNoLogin(mobile.national, uniqueIp());
    const code = (await latestOutboxCode(t.app.db, mobile.e164)) ?? '';
    const results = await Promise.all(Array.from({ length: 20 }, () => consumeNoLoginCode(mobile.e164, code, new Date())));
    expect(results.filter((result) => result === 'OK')).toHaveLength(1);
  });

  it('kills a code after 5 wrong guesses, and only the newest code works', async () => {
    const start = new Date('2031-04-01T08:00:00Z');
    t.setNow(start);
    const { mobile } = await memberWithMobile();
    await sendNoLogin(mobile.national, uniqueIp());
    const code = (await latestOutboxCode(t.app.db, mobile.e164)) ?? '';
    const wrong = code === '111111' ? '222222' : '111111';
    const check = (value: string) => consumeNoLoginCode(mobile.e164, value, start);
    for (let i = 0; i < 5; i += 1) expect(await check(wrong)).toBe('INVALID');
    expect(await check(code)).toBe('INVALID');

    t.setNow(new Date(start.getTime() + 61_000));
    await sendNoLogin(mobile.national, uniqueIp());
    const older = (await latestOutboxCode(t.app.db, mobile.e164)) ?? '';
    t.setNow(new Date(start.getTime() + 122_000));
    await sendNoLogin(mobile.national, uniqueIp());
    const newer = (await latestOutboxCode(t.app.db, mobile.e164)) ?? '';
    const at = new Date(start.getTime() + 123_000);
    const consume = (code: string) => consumeNoLoginCode(mobile.e164, code, at);
    if (older !== newer) expect(await consume(older)).toBe('INVALID');
    expect(await consume(newer)).toBe('OK');
  });

  it('expires a code after expiredMinutes (VERIFICATION_CODE_EXPIRED: send again)', async () => {
    const start = new Date('2031-05-01T08:00:00Z');
    t.setNow(start);
    const { mobile } = await memberWithMobile();
    await sendNoLogin(mobile.national, uniqueIp());
    const code = await latestOutboxCode(t.app.db, mobile.e164);
    t.setNow(new Date(start.getTime() + 5 * 60_000 + 1000));
    const response = await client.call('POST', '/wps/member/password/verification', {
      body: { mobileNum: mobile.national, verificationCode: code, newPassword: 'Expired#123' },
      ip: uniqueIp(),
    });
    expect(response.json()).toMatchObject({ code: 'VERIFICATION_CODE_EXPIRED', message: 'The code has expired, please send it again' });
  });

  it('answers SMS_SEND_FAILED when the provider refuses, and the undelivered code is retired', async () => {
    const { mobile } = await memberWithMobile();
    const original = t.app.messages.sms;
    t.app.messages.sms = {
      send: async () => {
        throw new Error('gateway down');
      },
    };
    try {
      const response = await sendNoLogin(mobile.national, uniqueIp());
      expect(response.statusCode).toBe(502);
      expect(response.json().code).toBe('SMS_SEND_FAILED');
    } finally {
      t.app.messages.sms = original;
    }
    const rows = await t.app.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.recipient, mobile.e164), eq(verificationCodes.merchantId, shop.merchant.id)));
    expect(rows[0]?.usedAt).not.toBeNull();
  });
});
