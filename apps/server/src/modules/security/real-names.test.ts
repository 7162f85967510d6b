import { acceptedPatternFor } from '@kismat/contracts/field-rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankAccounts, memberProfiles } from '../../db/schema/accounts';
import { messageFor } from '../../platform/messages';
import type { TestApp } from '../../test/build-test-app';
import { createMember, setRegistrationRule, TestClient, type TestMerchant, uniqueIp, uniqueSuffix } from '../../test/factories';
import { useShop } from '../../test/shop-fixture';
import { isValidPersonName } from '../member/person-name';

const MARKUP = '<img src=x onerror=alert(1)>';
const NAME_RULE_EN = 'A name may only have letters, spaces, dots, hyphens and apostrophes (2 - 60 characters)';

describe('real names of bank accounts and the profile (issue 11 item 18)', () => {
  let t: TestApp;
  let shop: TestMerchant;
  let client: TestClient;

  useShop(async (fixture) => {
    ({ t, shop, client } = fixture);
    // A merchant whose own payee-name rule takes any text: the name check still applies.
    await setRegistrationRule(t.app.db, shop.merchant.id, 'payeeName', {
      patternId: 'LENGTH_ONLY',
      acceptedPattern: acceptedPatternFor('LENGTH_ONLY'),
      minLength: 2,
      maxLength: 100,
    });
  });

  async function member() {
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const token = await client.login(member.username, password ?? '', { ip: uniqueIp() });
    return { member, token };
  }
  const addBank = (token: string, accountName: string, language = 'EN') =>
    new TestClient(t.app, shop.host, language).call('POST', '/wps/member/security/bankAccounts', {
      token,
      body: { accountName, accountNumber: `0171${uniqueSuffix(8).replace(/\D/g, '3')}`, bankName: 'Sonali Bank' },
      ip: uniqueIp(),
    });

  it('names letters of any script with dots, hyphens and apostrophes, and nothing else', () => {
    for (const name of [
      'Rahim Uddin',
      'মোঃ রহিম উদ্দিন',
      "Zoë O'Neil-Smith",
      'A. K. M. Rahman',
      'Nguyễn Văn An',
      'O’Brien',
      'Wanjiru Kamau',
    ]) {
      expect([name, isValidPersonName(name)]).toEqual([name, true]);
    }
    for (const name of [MARKUP, 'Rahim1', 'R', 'x'.repeat(61), '@rahim', 'Rahim_Uddin', 'Robert"); DROP', '..', 'Rahim <b>']) {
      expect([name, isValidPersonName(name)]).toEqual([name, false]);
    }
  });

  it('refuses a bank account whose holder name is markup, digits or symbols, and stores nothing', async () => {
    const { member: m, token } = await member();
    for (const name of [MARKUP, 'Rahim 007', 'Rahim@Bank']) {
      const refused = await addBank(token, name);
      expect([name, refused.statusCode, refused.json().code]).toEqual([name, 422, 'PERSON_NAME_INVALID']);
      expect(refused.json().value.fields).toEqual([
        expect.objectContaining({ field: 'accountName', reason: 'invalid', message: NAME_RULE_EN }),
      ]);
    }
    const bn = await addBank(token, MARKUP, 'BN');
    expect(bn.json().message).toBe(messageFor('PERSON_NAME_INVALID', 'BN'));
    expect(await t.app.db.select().from(bankAccounts).where(eq(bankAccounts.memberId, m.id))).toHaveLength(0);
    const bengali = await addBank(token, 'মোঃ রহিম উদ্দিন');
    expect(bengali.statusCode, bengali.body).toBe(200);
    const latin = await (await member()).token;
    expect((await addBank(latin, "Zoë O'Neil-Smith")).statusCode).toBe(200);
  });

  it('refuses the same in the profile full name, even where the merchant rule takes any text', async () => {
    const { member: m, token } = await member();
    const set = (fullName: string) => client.call('PUT', '/wps/member/security/profile', { token, body: { fullName }, ip: uniqueIp() });
    const refused = await set(MARKUP);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'PERSON_NAME_INVALID', value: { fields: [{ field: 'fullName', reason: 'invalid' }] } });
    expect(await t.app.db.select().from(memberProfiles).where(eq(memberProfiles.memberId, m.id))).toEqual([]);
    const accepted = await set('Rahim Uddin');
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
