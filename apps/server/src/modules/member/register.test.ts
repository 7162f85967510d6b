import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { acceptedPatternFor } from '@kismat/contracts/field-rules';
import { PATTERN_IDS, type PatternId } from '@kismat/contracts/system';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberProfiles, members } from '../../db/schema/accounts';
import type { TestApp } from '../../test/build-test-app';
import {
  ancestorsOf,
  createMember,
  createMerchant,
  hideRegistrationFields,
  latestOutboxCode,
  plantCaptcha,
  setRegistrationRule,
  TestClient,
  type TestMerchant,
  uniqueIp,
  uniqueMobile,
  uniqueSuffix,
} from '../../test/factories';
import { useShop } from '../../test/shop-fixture';

/** Accepted and rejected examples of every pattern family of spec section 5, checked through the register call. */
const FAMILY_EXAMPLES: Record<PatternId, { accepted: string[]; rejected: string[] }> = {
  LENGTH_ONLY: { accepted: ['any text at all', 'রহিম উদ্দিন'], rejected: ['a', 'x'.repeat(41)] },
  LETTER_FIRST_ALNUM: { accepted: ['rahim2024', 'Abc123'], rejected: ['1player', 'ab-c1'] },
  LETTERS_OR_DIGITS: { accepted: ['abc123', '007'], rejected: ['a b', 'abc!'] },
  LETTERS_AND_DIGITS: { accepted: ['abc123', '9zz'], rejected: ['abcdef', '123456'] },
  DIGITS_ONLY: { accepted: ['01712345678', '999'], rejected: ['12a', '১২৩'] },
  ALNUM_WITH_UPPERCASE: { accepted: ['Abc123', 'ZZZ'], rejected: ['abc123', 'Ab c'] },
  ENGLISH_LETTERS_SPACES: { accepted: ['John Smith', 'Mary Ann Lee'], rejected: ['John  Smith', 'J0hn'] },
  NO_SPACES: { accepted: ['a-b_c!', 'পাসওয়ার্ড'], rejected: ['a b', 'tab\there'] },
  EMAIL: { accepted: ['user@example.com', 'first.last+tag@mail.co.uk'], rejected: ['user@', 'user@example'] },
  DATE_YMD: { accepted: ['2000-02-29', '1999-12-31'], rejected: ['2023-02-29', '05-20-2023'] },
  DATE_MDY: { accepted: ['02-29-2000', '12-31-1999'], rejected: ['02-29-2023', '1999-12-31'] },
  CHINESE: { accepted: ['张伟', '王小明'], rejected: ['Zhang', '张 伟'] },
  KOREAN_ONLY: { accepted: ['김민수', '한국어'], rejected: ['Kim', '김민수1'] },
  THAI_ONLY: { accepted: ['สมชาย', 'สมชาย ใจดี'], rejected: ['Somchai', 'สมชาย1'] },
  THAI_OR_ENGLISH: { accepted: ['สมชาย Jaidee', 'Somchai'], rejected: ['สมชาย1', '张伟'] },
  JAPANESE: { accepted: ['山田太郎', 'ヤマダ'], rejected: ['Yamada', '山田1'] },
  JAPANESE_KANA: { accepted: ['やまだ', 'ヤマダ'], rejected: ['山田', 'Yamada'] },
  PASSWORD_STRONG: { accepted: ['Abcdef1!', 'P@ssw0rd'], rejected: ['abcdef1!', 'Abcdefg!'] },
  FULL_NAME: { accepted: ['Rahim Uddin', 'রহিম উদ্দিন'], rejected: ['Rahim', 'Rahim 2'] },
  UPPERCASE_ONLY: { accepted: ['ABC', 'KISMAT'], rejected: ['Abc', 'AB C'] },
};

describe('PUT /wps/member/register and /register/mobile', () => {
  let t: TestApp;
  /** Default flags and rules (REGMOBVERF3 on: mobile and SMS code required, captcha required). */
  let shop: TestMerchant;
  let client: TestClient;
  /** A plain merchant for field checks: no SMS code, no captcha, mobile hidden. */
  let plain: TestMerchant;
  let plainClient: TestClient;

  useShop(async (fixture) => {
    ({ t, shop, client } = fixture);
    plain = await createMerchant(t.app.db, { flags: { REGMOBVERF3: false } });
    plainClient = new TestClient(t.app, plain.host);
    await hideRegistrationFields(t.app.db, plain.merchant.id, 'mobileNum', 'captcha');
  });

  function plainBody(extra: Record<string, unknown> = {}) {
    return {
      username: `user${uniqueSuffix(8)}`,
      password: 'Sign-up#2025',
      confirmPassword: 'Sign-up#2025',
      acceptTerms: true,
      login: false,
      ...extra,
    };
  }

  it('checks every pattern family with accepted and rejected examples (rule on payeeName)', async () => {
    try {
      for (const patternId of PATTERN_IDS) {
        await setRegistrationRule(t.app.db, plain.merchant.id, 'payeeName', {
          patternId,
          acceptedPattern: acceptedPatternFor(patternId),
          minLength: 2,
          maxLength: 40,
          isShown: true,
          isRequired: true,
        });
        const examples = FAMILY_EXAMPLES[patternId];
        for (const value of examples.accepted) {
          const response = await plainClient.call('PUT', '/wps/member/register', { body: plainBody({ payeeName: value }), ip: uniqueIp() });
          expect(response.statusCode, `${patternId} should accept ${value}: ${response.body}`).toBe(200);
        }
        for (const value of examples.rejected) {
          const response = await plainClient.call('PUT', '/wps/member/register', { body: plainBody({ payeeName: value }), ip: uniqueIp() });
          expect(response.statusCode, `${patternId} should refuse ${value}`).toBe(422);
          expect(response.json().value.fields).toEqual([expect.objectContaining({ field: 'payeeName', patternId })]);
        }
      }
    } finally {
      await setRegistrationRule(t.app.db, plain.merchant.id, 'payeeName', {
        patternId: 'FULL_NAME',
        acceptedPattern: acceptedPatternFor('FULL_NAME'),
        minLength: 3,
        maxLength: 50,
        isRequired: false,
      });
    }
  });

  it('reports every failing field at once with the patternId message, min and max substituted, in the request language', async () => {
    const body = { username: '1bad', password: 'abc', confirmPassword: 'abd', acceptTerms: true, email: 'not-an-email' };
    const en = await plainClient.call('PUT', '/wps/member/register', { body, ip: uniqueIp() });
    expect(en.statusCode).toBe(422);
    expect(en.json().code).toBe('VALIDATION_FAILED');
    expect(en.json().value.fields).toEqual([
      {
        field: 'username',
        patternId: 'LETTER_FIRST_ALNUM',
        reason: 'length',
        message: 'Please enter 6 - 16 letters or digits, starting with a letter',
      },
      { field: 'password', patternId: 'LENGTH_ONLY', reason: 'length', message: 'Please fill in 6 - 20 characters' },
      { field: 'confirmPassword', patternId: null, reason: 'mismatch', message: 'Confirmation password is not correct' },
      { field: 'email', patternId: 'EMAIL', reason: 'pattern', message: 'The e-mail format is incorrect' },
    ]);
    const bn = await new TestClient(t.app, plain.host, 'BN').call('PUT', '/wps/member/register', { body, ip: uniqueIp() });
    expect(bn.json().value.fields[1].message).toBe('অনুগ্রহ করে 6 - 20 অক্ষর লিখুন');
    const missing = await plainClient.call('PUT', '/wps/member/register', { body: { acceptTerms: true }, ip: uniqueIp() });
    expect(missing.json().value.fields[0]).toMatchObject({ field: 'username', reason: 'required', message: 'Input cannot be empty' });
  });

  it('refuses a registration without the terms (TERMS_REQUIRED)', async () => {
    const response = await plainClient.call('PUT', '/wps/member/register', { body: plainBody({ acceptTerms: false }), ip: uniqueIp() });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'TERMS_REQUIRED',
      message: 'Confirm that you are 21 or older and agree to the terms and privacy policy',
    });
  });

  it('registers with the default rules: SMS code, captcha, sealed body, then logged in', async () => {
    const mobile = uniqueMobile();
    const ip = uniqueIp();
    await client.call('POST', '/wps/verification/sms/register', { body: { countryDialingCode: '+880', mobileNo: mobile.national }, ip });
    const code = await latestOutboxCode(t.app.db, mobile.e164);
    const captchaId = await plantCaptcha(t.app.db, 'QW34');
    const username = `Fresh${uniqueSuffix(6)}`;
    const response = await client.call('PUT', '/wps/member/register', {
      body: {
        username,
        password: 'Sign-up#2025',
        confirmPassword: 'Sign-up#2025',
        mobileNum: `0${mobile.national}`,
        countryDialingCode: '+880',
        verificationCode: code,
        captcha: 'QW34',
        captchaId,
        email: 'Fresh@Example.com',
        payeeName: 'Rahim Uddin',
        qqNum: '12345678',
        acceptTerms: true,
        login: true,
        domain: 'kismat.test',
        registerUrl: 'https://kismat.test/register',
        registerMethod: 'WEB',
      },
      encrypt: true,
      ip,
    });
    expect(response.statusCode, response.body).toBe(200);
    const value = response.json().value;
    expect(value.userName).toBe(username.toLowerCase());
    expect(value.login).toMatchObject({ userName: username.toLowerCase(), firstTimeLogin: true, captcha: false });
    expect((await client.call('GET', '/wps/member/info', { token: value.login.token })).statusCode).toBe(200);

    const [row] = await t.app.db.select().from(members).where(eq(members.username, username.toLowerCase()));
    expect(row).toMatchObject({ mobile: mobile.e164, email: 'fresh@example.com', registerType: 'USERNAME', registerMethod: 'WEB' });
    expect(row?.mobileVerifiedAt).not.toBeNull();
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [profile] = await t.app.db
      .select()
      .from(memberProfiles)
      .where(eq(memberProfiles.memberId, row?.id ?? 0));
    // qqNum is hidden by the default rules: a hidden field is ignored, not stored.
    expect(profile).toMatchObject({ fullName: 'Rahim Uddin', qqNum: null });
  });

  it('requires the SMS code when REGMOBVERF3 is on, and refuses a wrong one', async () => {
    const mobile = uniqueMobile();
    const base = {
      username: `sms${uniqueSuffix(6)}`,
      password: 'Sign-up#2025',
      confirmPassword: 'Sign-up#2025',
      mobileNum: mobile.national,
      acceptTerms: true,
    };
    const captchaId = await plantCaptcha(t.app.db, 'QW34');
    const missing = await client.call('PUT', '/wps/member/register', { body: { ...base, captcha: 'QW34', captchaId }, ip: uniqueIp() });
    expect(missing.json().code).toBe('VALIDATION_FAILED');
    expect(missing.json().value.fields).toEqual([
      expect.objectContaining({ field: 'verificationCode', message: 'Please enter a valid verification code' }),
    ]);
    const captchaId2 = await plantCaptcha(t.app.db, 'QW34');
    const wrong = await client.call('PUT', '/wps/member/register', {
      body: { ...base, verificationCode: '123456', captcha: 'QW34', captchaId: captchaId2 },
      ip: uniqueIp(),
    });
    expect(wrong.json()).toMatchObject({ code: 'VERIFICATION_CODE_INVALID', message: 'Please enter a valid verification code' });
  });

  it('requires the captcha when the rule says so', async () => {
    const base = plainBody();
    const response = await client.call('PUT', '/wps/member/register', {
      body: { ...base, mobileNum: uniqueMobile().national, verificationCode: '123456' },
      ip: uniqueIp(),
    });
    expect(response.json().code).toBe('CAPTCHA_REQUIRED');
  });

  it('links the new member to the agent of the affiliate code and fills the closure table', async () => {
    const top = await createMember(t.app.db, plain.merchant.id, {
      type: MEMBER_TYPE.AGENT_1,
      affiliateCode: `TOP${uniqueSuffix(5).toUpperCase()}`,
    });
    const code = `MID${uniqueSuffix(5).toUpperCase()}`;
    const mid = await createMember(t.app.db, plain.merchant.id, {
      type: MEMBER_TYPE.AGENT_2,
      affiliateCode: code,
      uplineId: top.member.id,
    });
    const check = await plainClient.call('GET', `/wps/agent/affiliate?code=${code.toLowerCase()}&domain=kismat.test`, { ip: uniqueIp() });
    expect(check.json().value).toEqual({ valid: true, code, agentNickname: mid.member.nickname });

    const response = await plainClient.call('PUT', '/wps/member/register', {
      body: plainBody({ affiliateCode: code.toLowerCase() }),
      ip: uniqueIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.app.db.select().from(members).where(eq(members.username, response.json().value.userName));
    expect(row?.uplineId).toBe(mid.member.id);
    expect(await ancestorsOf(t.app.db, row?.id ?? 0)).toEqual([
      [row?.id, 0],
      [mid.member.id, 1],
      [top.member.id, 2],
    ]);
    // The code also arrives as referralCode from the ?referralCode link.
    const byReferral = await plainClient.call('PUT', '/wps/member/register', { body: plainBody({ referralCode: code }), ip: uniqueIp() });
    expect(byReferral.statusCode).toBe(200);
  });

  it('refuses an unknown invitation code (INVALID_AFFILIATE_CODE) in the check and in registration', async () => {
    const player = await createMember(t.app.db, plain.merchant.id, { affiliateCode: 'PLAYER01' });
    expect(player.member.type).toBe(0);
    for (const code of ['NOSUCHCODE', 'PLAYER01']) {
      const check = await plainClient.call('GET', `/wps/agent/affiliate?code=${code}`, { ip: uniqueIp() });
      expect(check.statusCode).toBe(422);
      expect(check.json()).toMatchObject({ code: 'INVALID_AFFILIATE_CODE', message: 'Invalid invitation code' });
    }
    const response = await plainClient.call('PUT', '/wps/member/register', {
      body: plainBody({ affiliateCode: 'NOSUCHCODE' }),
      ip: uniqueIp(),
    });
    expect(response.json().code).toBe('INVALID_AFFILIATE_CODE');
  });

  it('keeps usernames unique per merchant, case-insensitively, also under 10 parallel sign-ups', async () => {
    const username = `Same${uniqueSuffix(6)}`;
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        plainClient.call('PUT', '/wps/member/register', {
          body: plainBody({ username: i % 2 === 0 ? username : username.toUpperCase() }),
          ip: uniqueIp(),
        }),
      ),
    );
    const codes = responses.map((response) => response.json().code);
    expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
    expect(codes.filter((code) => code === 'USERNAME_TAKEN')).toHaveLength(9);
    expect(responses.find((response) => response.json().code === 'USERNAME_TAKEN')?.json().value.fields[0]).toMatchObject({
      field: 'username',
      reason: 'taken',
    });
    // Another merchant may have the same username.
    const other = await createMerchant(t.app.db, { flags: { REGMOBVERF3: false } });
    await hideRegistrationFields(t.app.db, other.merchant.id, 'mobileNum', 'captcha');
    const elsewhere = await new TestClient(t.app, other.host).call('PUT', '/wps/member/register', {
      body: plainBody({ username }),
      ip: uniqueIp(),
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('keeps mobile numbers unique per merchant (MOBILE_TAKEN)', async () => {
    const mobile = uniqueMobile();
    await createMember(t.app.db, plain.merchant.id, { mobile: { dialingCode: '+880', national: mobile.national } });
    await setRegistrationRule(t.app.db, plain.merchant.id, 'mobileNum', { isShown: true, isRequired: false });
    try {
      const response = await plainClient.call('PUT', '/wps/member/register', {
        body: plainBody({ mobileNum: `0${mobile.national}` }),
        ip: uniqueIp(),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'MOBILE_TAKEN', message: 'This mobile number is already registered' });
    } finally {
      await setRegistrationRule(t.app.db, plain.merchant.id, 'mobileNum', { isShown: false, isRequired: false });
    }
  });

  it('registers by mobile: the username is the number; without MOBILENUMPASSREG3 no password is needed', async () => {
    const mobile = uniqueMobile();
    const withPassword = await plainClient.call('PUT', '/wps/member/register/mobile', {
      body: {
        mobileNum: mobile.national,
        countryDialingCode: '+880',
        password: 'Sign-up#2025',
        confirmPassword: 'Sign-up#2025',
        acceptTerms: true,
      },
      ip: uniqueIp(),
    });
    expect(withPassword.statusCode, withPassword.body).toBe(200);
    expect(withPassword.json().value.userName).toBe(mobile.national);

    const noPassword = await createMerchant(t.app.db, { flags: { REGMOBVERF3: false, MOBILENUMPASSREG3: false } });
    await hideRegistrationFields(t.app.db, noPassword.merchant.id, 'captcha');
    const other = uniqueMobile();
    const response = await new TestClient(t.app, noPassword.host).call('PUT', '/wps/member/register/mobile', {
      body: { mobileNum: other.national, acceptTerms: true },
      ip: uniqueIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.app.db.select().from(members).where(eq(members.mobile, other.e164));
    expect(row?.passwordHash).toBeNull();

    const missingNumber = await plainClient.call('PUT', '/wps/member/register/mobile', {
      body: { password: 'Sign-up#2025', confirmPassword: 'Sign-up#2025', acceptTerms: true },
      ip: uniqueIp(),
    });
    expect(missingNumber.json().value.fields[0]).toMatchObject({ field: 'mobileNum', reason: 'required' });
    const badNumber = await plainClient.call('PUT', '/wps/member/register/mobile', {
      body: { mobileNum: '0000000000', password: 'Sign-up#2025', confirmPassword: 'Sign-up#2025', acceptTerms: true },
      ip: uniqueIp(),
    });
    expect(badNumber.json().value.fields[0]).toMatchObject({ field: 'mobileNum', message: 'Phone number format is incorrect' });
  });

  it('checks the birthday for 21 years when the merchant shows it', async () => {
    await setRegistrationRule(t.app.db, plain.merchant.id, 'birthday', { isShown: true, isRequired: true });
    try {
      const now = new Date();
      const tooYoung = `${now.getUTCFullYear() - 20}-01-01`;
      const young = await plainClient.call('PUT', '/wps/member/register', { body: plainBody({ birthday: tooYoung }), ip: uniqueIp() });
      expect(young.json().value.fields).toEqual([
        expect.objectContaining({ field: 'birthday', message: 'You must be at least 21 years old' }),
      ]);
      const old = await plainClient.call('PUT', '/wps/member/register', { body: plainBody({ birthday: '1990-05-20' }), ip: uniqueIp() });
      expect(old.statusCode).toBe(200);
    } finally {
      await setRegistrationRule(t.app.db, plain.merchant.id, 'birthday', { isShown: false, isRequired: false });
    }
  });

  it('refuses the external phone-auth provider (FEATURE_DISABLED)', async () => {
    const response = await plainClient.call('PUT', '/wps/member/register', {
      body: plainBody({ firebaseChannel: 'sms', firebaseIdToken: 'x'.repeat(40) }),
      ip: uniqueIp(),
    });
    expect(response.json().code).toBe('FEATURE_DISABLED');
  });

  it('tells the register popup what to show (set-register)', async () => {
    const response = await client.call('GET', '/wps/member/register/setting', { ip: uniqueIp() });
    expect(response.json().value).toMatchObject({
      defaultType: 'register',
      smsCodeRequired: true,
      captchaRequired: true,
      termsPath: '/help#term',
      minimumAge: 21,
    });
    expect(response.json().value.fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'username', patternId: 'LETTER_FIRST_ALNUM' })]),
    );
  });
});
