import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../db/schema/accounts';
import type { TestApp } from '../../test/build-test-app';
import {
  createMember,
  latestOutboxCode,
  type TestClient,
  type TestMerchant,
  uniqueIp,
  uniqueMobile,
  uniqueSuffix,
} from '../../test/factories';
import { memberAudits } from '../../test/member-audits';
import { useShop } from '../../test/shop-fixture';
import { totpCode, totpStep } from './totp';

describe('security centre', () => {
  let t: TestApp;
  let shop: TestMerchant;
  let client: TestClient;

  useShop((fixture) => {
    ({ t, shop, client } = fixture);
  });

  async function loggedIn(options: Parameters<typeof createMember>[2] = {}) {
    const created = await createMember(t.app.db, shop.merchant.id, options);
    const token = await client.login(created.member.username, created.password ?? '', { ip: uniqueIp() });
    return { ...created, token };
  }

  it('shows what is set and bound', async () => {
    const { token } = await loggedIn({ email: 'seen@example.com' });
    const response = await client.call('GET', '/wps/member/security', { token });
    expect(response.json().value).toMatchObject({
      hasLoginPassword: true,
      hasPaymentPassword: false,
      mobile: { masked: null, verified: false },
      email: { masked: 'se***@example.com', verified: false },
      bankAccountCount: 0,
      totpEnabled: false,
    });
  });

  it('sets the payment password with the login password, then changes it only with the old one', async () => {
    const { member, password, token } = await loggedIn();
    const set = (body: Record<string, string>) => client.call('POST', '/wps/member/security/paymentPassword', { token, body });
    const badRule = await set({ loginPassword: password ?? '', newPaymentPassword: '12ab', confirmPaymentPassword: '12ab' });
    expect(badRule.json().value.fields[0]).toMatchObject({
      field: 'newPaymentPassword',
      patternId: 'DIGITS_ONLY',
      message: 'Please enter 6 - 6 digits',
    });
    const noLogin = await set({ loginPassword: 'wrong-pass', newPaymentPassword: '246810', confirmPaymentPassword: '246810' });
    expect(noLogin.json().code).toBe('OLD_PASSWORD_INVALID');
    expect((await set({ loginPassword: password ?? '', newPaymentPassword: '246810', confirmPaymentPassword: '246810' })).statusCode).toBe(
      200,
    );
    const wrongOld = await set({ oldPaymentPassword: '111111', newPaymentPassword: '135790', confirmPaymentPassword: '135790' });
    expect(wrongOld.json()).toMatchObject({ code: 'PAYMENT_PASSWORD_INVALID' });
    expect((await set({ oldPaymentPassword: '246810', newPaymentPassword: '135790', confirmPaymentPassword: '135790' })).statusCode).toBe(
      200,
    );
    expect(await memberAudits(t.app.db, member.id, 'payment_password.set')).toHaveLength(1);
    expect(await memberAudits(t.app.db, member.id, 'payment_password.changed')).toHaveLength(1);
  });

  it('binds a mobile number with an SMS code, once and for good', async () => {
    const { member, token } = await loggedIn();
    const mobile = uniqueMobile();
    const sent = await client.call('POST', '/wps/verification/sms/bind', {
      token,
      body: { countryDialingCode: '+880', mobileNo: mobile.national },
    });
    expect(sent.json().value.expiredMinutes).toBe(5);
    const code = await latestOutboxCode(t.app.db, mobile.e164);
    const wrong = await client.call('POST', '/wps/member/security/mobile', {
      token,
      body: { countryDialingCode: '+880', mobileNo: mobile.national, verificationCode: code === '000000' ? '000001' : '000000' },
    });
    expect(wrong.json().code).toBe('VERIFICATION_CODE_INVALID');
    const bound = await client.call('POST', '/wps/member/security/mobile', {
      token,
      body: { countryDialingCode: '+880', mobileNo: mobile.national, verificationCode: code },
    });
    expect(bound.json().value.mobile).toEqual({ masked: `+880${'*'.repeat(7)}${mobile.national.slice(-3)}`, verified: true });
    const rebind = await client.call('POST', '/wps/verification/sms/bind', { token, body: { mobileNo: uniqueMobile().national } });
    expect(rebind.statusCode).toBe(409);
    expect(rebind.json()).toMatchObject({ code: 'ALREADY_BOUND', message: 'This is already bound and cannot be changed' });
    expect(await memberAudits(t.app.db, member.id, 'mobile.bound')).toHaveLength(1);
    // Another member cannot take the bound number.
    const other = await loggedIn();
    const taken = await client.call('POST', '/wps/verification/sms/bind', { token: other.token, body: { mobileNo: mobile.national } });
    expect(taken.json().code).toBe('MOBILE_TAKEN');
  });

  it('binds an e-mail address with an e-mailed code', async () => {
    const { member, token } = await loggedIn();
    const email = `Bind${uniqueSuffix(6)}@Example.com`;
    const invalid = await client.call('POST', '/wps/verification/email/bind', { token, body: { email: 'nope@' } });
    expect(invalid.json().code).toBe('EMAIL_INVALID');
    await client.call('POST', '/wps/verification/email/bind', { token, body: { email } });
    const code = await latestOutboxCode(t.app.db, email.toLowerCase());
    expect(code).toMatch(/^\d{6}$/);
    const bound = await client.call('POST', '/wps/member/security/email', { token, body: { email, verificationCode: code } });
    expect(bound.json().value.email.verified).toBe(true);
    const [row] = await t.app.db.select().from(members).where(eq(members.id, member.id));
    expect(row?.email).toBe(email.toLowerCase());
    expect((await client.call('POST', '/wps/verification/email/bind', { token, body: { email: 'x@example.com' } })).json().code).toBe(
      'ALREADY_BOUND',
    );
    expect(await memberAudits(t.app.db, member.id, 'email.bound')).toHaveLength(1);
  });

  it('bank accounts: add unbound, remove unbound, bind with the payment password, never remove a bound one', async () => {
    const { member, token } = await loggedIn({ paymentPassword: '112233', fullName: 'Rahim Uddin' });
    const add = (body: Record<string, string>) => client.call('POST', '/wps/member/security/bankAccounts', { token, body });
    const mismatch = await add({ accountName: 'Karim Ali', accountNumber: '1234567890', bankName: 'Sonali Bank' });
    expect(mismatch.json()).toMatchObject({ code: 'BANK_NAME_MISMATCH', message: 'The account name must match your real name' });
    const first = await add({ accountName: 'RAHIM  uddin', accountNumber: '1234-5678-90', bankName: 'Sonali Bank', branch: 'Motijheel' });
    expect(first.json().value).toMatchObject({ accountName: 'RAHIM uddin', accountNumber: '******7890', isBound: false });
    const second = await add({ accountName: 'Rahim Uddin', accountNumber: '99887766', bankName: 'bKash' });
    const removed = await client.call('DELETE', `/wps/member/security/bankAccounts?id=${second.json().value.id}`, { token });
    expect(removed.statusCode).toBe(200);

    const id = first.json().value.id;
    const wrongPin = await client.call('POST', '/wps/member/security/bankAccounts/confirm', {
      token,
      body: { id, paymentPassword: '000000' },
    });
    expect(wrongPin.json().code).toBe('PAYMENT_PASSWORD_INVALID');
    const bound = await client.call('POST', '/wps/member/security/bankAccounts/confirm', {
      token,
      body: { id, paymentPassword: '112233' },
    });
    expect(bound.json().value.isBound).toBe(true);
    const undo = await client.call('DELETE', `/wps/member/security/bankAccounts?id=${id}`, { token });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().code).toBe('ALREADY_BOUND');
    expect(
      (await client.call('POST', '/wps/member/security/bankAccounts/confirm', { token, body: { id, paymentPassword: '112233' } })).json()
        .code,
    ).toBe('ALREADY_BOUND');
    const list = await client.call('GET', '/wps/member/security/bankAccounts', { token });
    expect(list.json().value).toHaveLength(1);
    expect(await memberAudits(t.app.db, member.id, 'bank_account.bound')).toHaveLength(1);

    // The same account number cannot be bound by another member.
    const other = await loggedIn({ paymentPassword: '445566' });
    const copy = await client.call('POST', '/wps/member/security/bankAccounts', {
      token: other.token,
      body: { accountName: 'Someone Else', accountNumber: '1234567890', bankName: 'Sonali Bank' },
    });
    const taken = await client.call('POST', '/wps/member/security/bankAccounts/confirm', {
      token: other.token,
      body: { id: copy.json().value.id, paymentPassword: '445566' },
    });
    expect(taken.json().code).toBe('BANK_ACCOUNT_TAKEN');
    expect((await client.call('DELETE', '/wps/member/security/bankAccounts?id=999999', { token })).json().code).toBe('NOT_FOUND');
  });

  it('the first bound bank account fixes the real name when none was on file', async () => {
    const { token } = await loggedIn({ paymentPassword: '112233' });
    const added = await client.call('POST', '/wps/member/security/bankAccounts', {
      token,
      body: { accountName: 'Amina Wanjiru', accountNumber: '55554444', bankName: 'Equity' },
    });
    await client.call('POST', '/wps/member/security/bankAccounts/confirm', {
      token,
      body: { id: added.json().value.id, paymentPassword: '112233' },
    });
    expect((await client.call('GET', '/wps/member/security/profile', { token })).json().value.fullName).toBe('Amina Wanjiru');
    const other = await client.call('POST', '/wps/member/security/bankAccounts', {
      token,
      body: { accountName: 'Other Person', accountNumber: '11110000', bankName: 'Equity' },
    });
    expect(other.json().code).toBe('BANK_NAME_MISMATCH');
  });

  it('limits a member to 5 bank accounts', async () => {
    const { token } = await loggedIn();
    for (let i = 0; i < 5; i += 1) {
      const response = await client.call('POST', '/wps/member/security/bankAccounts', {
        token,
        body: { accountName: 'Any Name', accountNumber: `7000000${i}`, bankName: 'Bank' },
      });
      expect(response.statusCode).toBe(200);
    }
    const sixth = await client.call('POST', '/wps/member/security/bankAccounts', {
      token,
      body: { accountName: 'Any Name', accountNumber: '70000009', bankName: 'Bank' },
    });
    expect(sixth.json().code).toBe('BANK_ACCOUNT_LIMIT');
  });

  it('profile: free fields change, full name and birthday are set once, the birthday needs 21 years', async () => {
    const { member, token } = await loggedIn();
    const update = (body: Record<string, string>) => client.call('PUT', '/wps/member/security/profile', { token, body });
    const young = await update({ birthday: `${new Date().getUTCFullYear() - 18}-06-01` });
    expect(young.statusCode).toBe(422);
    expect(young.json()).toMatchObject({ code: 'BIRTHDAY_UNDER_21', message: 'You must be at least 21 years old' });
    const badName = await update({ fullName: 'Rahim' });
    expect(badName.json().value.fields[0]).toMatchObject({ field: 'fullName', patternId: 'FULL_NAME' });

    const saved = await update({
      nickname: 'Lucky Rahim',
      fullName: 'Rahim Uddin',
      birthday: '1990-02-15',
      telegram: '@rahim',
      zalo: '0901234567',
      address: 'Dhaka',
      nationality: 'Bangladeshi',
      occupation: 'Engineer',
      sourceOfIncome: 'Salary',
      placeOfBirth: 'Chattogram',
    });
    expect(saved.json().value).toEqual({
      nickname: 'Lucky Rahim',
      fullName: 'Rahim Uddin',
      telegram: '@rahim',
      zalo: '0901234567',
      birthday: '1990-02-15',
      address: 'Dhaka',
      nationality: 'Bangladeshi',
      occupation: 'Engineer',
      sourceOfIncome: 'Salary',
      placeOfBirth: 'Chattogram',
    });
    expect((await update({ fullName: 'Karim Ali' })).json().code).toBe('ALREADY_BOUND');
    expect((await update({ birthday: '1991-01-01' })).json().code).toBe('ALREADY_BOUND');
    expect((await update({ telegram: '' })).json().value.telegram).toBeNull();
    expect((await client.call('GET', '/wps/member/info', { token })).json().value.nickname).toBe('Lucky Rahim');
    expect(await memberAudits(t.app.db, member.id, 'profile.bound')).toHaveLength(1);
  });

  it('counts the 21st birthday on the merchant local date', async () => {
    // 2030-06-01 00:30 in Dhaka (UTC+6) is still 2030-05-31 in UTC.
    t.setNow(new Date('2030-05-31T18:30:00Z'));
    const { token } = await loggedIn({ passwordChangedAt: new Date('2030-05-01T00:00:00Z') });
    const response = await client.call('PUT', '/wps/member/security/profile', { token, body: { birthday: '2009-06-01' } });
    expect(response.json(), response.body).toMatchObject({ value: { birthday: '2009-06-01' } });
  });

  it('binds an authenticator (TOTP) with a current code', async () => {
    const { member, token } = await loggedIn();
    const setup = await client.call('POST', '/wps/member/security/totp/setup', { token });
    const { secret, otpauthUrl } = setup.json().value;
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect((await client.call('POST', '/wps/member/security/totp', { token, body: { code: '000000' } })).json().code).toBe(
      'VERIFICATION_CODE_INVALID',
    );
    const code = totpCode(secret, totpStep(new Date()));
    expect((await client.call('POST', '/wps/member/security/totp', { token, body: { code } })).statusCode).toBe(200);
    expect((await client.call('POST', '/wps/member/security/totp/setup', { token })).json().code).toBe('ALREADY_BOUND');
    expect(await memberAudits(t.app.db, member.id, 'totp.bound')).toHaveLength(1);
  });

  it('matches RFC 6238 test vectors', () => {
    // RFC 6238 appendix B, SHA-1 secret "12345678901234567890" (base32 below), 8 digits truncated to 6.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCode(secret, totpStep(new Date(59_000)))).toBe('287082');
    expect(totpCode(secret, totpStep(new Date(1_111_111_109_000)))).toBe('081804');
  });
});
