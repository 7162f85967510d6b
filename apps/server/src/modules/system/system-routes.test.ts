import { validateFieldValue } from '@kismat/contracts/field-rules';
import { FEATURE_FLAGS } from '@kismat/contracts/flags';
import { permissionValue, REGISTER_FIELDS } from '@kismat/contracts/system';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema/merchants';
import { countries, helpArticles, registrationRules } from '../../db/schema/system';
import type { TestApp } from '../../test/build-test-app';
import { useTestApp } from '../../test/shop-fixture';
import { seedCountries } from './seed-countries';

describe('system calls', () => {
  let t: TestApp;
  useTestApp((built) => {
    t = built;
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  describe('language', () => {
    it('answers in the merchant default (BN) when the caller names no language', async () => {
      const response = await get('/wps/system/helpCenter');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.message).toBe('সফল');
      expect(body.value.language).toBe('BN');
      expect(body.value.categories[0].title).toBe('আমাদের সম্পর্কে');
    });

    it('follows the Language header for EN and SW', async () => {
      const english = (await get('/wps/system/helpCenter', { language: 'EN' })).json();
      const swahili = (await get('/wps/system/helpCenter', { language: 'SW' })).json();
      expect(english.value.language).toBe('EN');
      expect(english.message).toBe('Success');
      expect(english.value.categories.map((category: { title: string }) => category.title)).toEqual([
        'About us',
        'Rules and policies',
        'Deposits and withdrawals',
        'FAQ',
      ]);
      expect(swahili.value.language).toBe('SW');
      expect(swahili.message).toBe('Imefanikiwa');
      expect(swahili.value.categories[1].title).toBe('Sheria na sera');
    });

    it('accepts the lang query of the help-centre call', async () => {
      const body = (await get('/wps/system/helpCenter?lang=sw&device=WEB')).json();
      expect(body.value.language).toBe('SW');
    });

    it("uses a merchant's own default language", async () => {
      await t.database.db.update(merchants).set({ defaultLanguage: 'EN' }).where(eq(merchants.code, 'KISMAT'));
      t.app.merchants.invalidate();
      try {
        const body = (await get('/wps/system/helpCenter')).json();
        expect(body.value.language).toBe('EN');
        expect(body.message).toBe('Success');
      } finally {
        await t.database.db.update(merchants).set({ defaultLanguage: 'BN' }).where(eq(merchants.code, 'KISMAT'));
        t.app.merchants.invalidate();
      }
    });

    it('records a chosen language in a cookie that later requests follow', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/wps/system/language', payload: { language: 'SW' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, message: 'Imefanikiwa', value: { language: 'SW' } });
      const cookie = response.cookies.find((item) => item.name === 'lang');
      expect(cookie).toMatchObject({ value: 'SW', httpOnly: true, path: '/', sameSite: 'Lax' });
      const next = await get('/wps/system/helpCenter', { cookie: 'lang=SW' });
      expect(next.json().value.language).toBe('SW');
    });

    it('refuses an unsupported language with a 422 envelope', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/wps/system/language', payload: { language: 'FR' } });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    });

    it('answers malformed JSON with a 400 MALFORMED_JSON envelope', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/system/language',
        headers: { 'content-type': 'application/json', language: 'EN' },
        payload: '{"language": "EN"',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'MALFORMED_JSON',
        message: 'The request body could not be read',
        value: null,
      });
    });
  });

  it('whitelabel: the module tree and the ten flags from the database', async () => {
    const body = (await get('/wps/system/whitelabel')).json();
    expect(body.value.merchantCode).toBe('KISMAT');
    expect(Object.keys(body.value.flags).sort()).toEqual([...FEATURE_FLAGS].sort());
    expect(body.value.flags.MOBILENUMREG3).toBe(false);
    for (const flag of FEATURE_FLAGS.filter((name) => name !== 'MOBILENUMREG3')) expect(body.value.flags[flag], flag).toBe(true);
    const modIds = JSON.stringify(body.value.whitelabel);
    for (const module of ['REFERRAL', 'LIVECHAT', 'POINTMALL', 'PROMOTIONS']) expect(modIds).toContain(`"modId":"${module}"`);
  });

  it('domainRoute: the merchant domains', async () => {
    const body = (await get('/wps/system/domainRoute')).json();
    expect(body.value).toMatchObject({ mainDomain: 'localhost', merchantCode: 'KISMAT' });
    expect(body.value.domains).toEqual([
      { domain: 'localhost', purpose: 'member', isPrimary: true },
      { domain: '127.0.0.1', purpose: 'member', isPrimary: false },
    ]);
  });

  it('helpCenter: the terms article has slug term and every article has content in each language', async () => {
    for (const language of ['BN', 'EN', 'SW']) {
      const body = (await get('/wps/system/helpCenter?device=WEB', { language })).json();
      const articles = body.value.categories.flatMap((category: { articles: { slug: string; content: string }[] }) => category.articles);
      expect(articles.map((article: { slug: string }) => article.slug)).toEqual(
        expect.arrayContaining(['term', 'privacy', 'responsible-gaming', 'deposit', 'withdrawal', 'faq']),
      );
      for (const article of articles) expect(article.content.length, `${language} ${article.slug}`).toBeGreaterThan(100);
    }
    const bn = (await get('/wps/system/helpCenter')).json();
    const terms = bn.value.categories
      .flatMap((category: { articles: { slug: string }[] }) => category.articles)
      .find((article: { slug: string }) => article.slug === 'term');
    expect(terms.title).toBe('শর্তাবলি');
  });

  it('helpCenter: answers from the database (an edited article shows), and filters by device', async () => {
    await t.database.db
      .update(helpArticles)
      .set({ title: { EN: 'Terms of use', BN: 'ব্যবহারের শর্তাবলি', SW: 'Masharti ya matumizi' }, devices: ['WEB'] })
      .where(eq(helpArticles.slug, 'term'));
    const web = (await get('/wps/system/helpCenter?device=WEB', { language: 'EN' })).json();
    const slugsOf = (body: { value: { categories: { articles: { slug: string; title: string }[] }[] } }) =>
      body.value.categories.flatMap((category) => category.articles);
    expect(slugsOf(web).find((article) => article.slug === 'term')?.title).toBe('Terms of use');
    const app = (await get('/wps/system/helpCenter?device=APP', { language: 'EN' })).json();
    expect(slugsOf(app).map((article) => article.slug)).not.toContain('term');
  });

  it('setting/register: a rule for every register field; the seeded rules behave as specified', async () => {
    const body = (await get('/wps/system/setting/register')).json();
    const fields = body.value.fields as {
      field: string;
      acceptedPattern: string;
      minLength: number;
      maxLength: number;
      patternId: 'LENGTH_ONLY';
      shown: boolean;
      required: boolean;
    }[];
    expect(fields.map((rule) => rule.field)).toEqual([...REGISTER_FIELDS]);
    const rule = (field: string) => {
      const found = fields.find((item) => item.field === field);
      if (!found) throw new Error(`no rule for ${field}`);
      return found;
    };
    expect(rule('username')).toMatchObject({ patternId: 'LETTER_FIRST_ALNUM', minLength: 6, maxLength: 16, required: true, shown: true });
    expect(rule('password')).toMatchObject({ patternId: 'LENGTH_ONLY', acceptedPattern: '*', minLength: 6, maxLength: 20 });
    expect(rule('mobileNum')).toMatchObject({ patternId: 'DIGITS_ONLY', minLength: 10, maxLength: 11 });
    expect(rule('email')).toMatchObject({ patternId: 'EMAIL' });
    expect(rule('payeeName')).toMatchObject({ patternId: 'FULL_NAME', shown: true });
    expect(fields.filter((item) => !item.shown).length).toBeGreaterThan(0);
    expect(validateFieldValue(rule('username'), 'rahim2024').ok).toBe(true);
    expect(validateFieldValue(rule('username'), '2024rahim').ok).toBe(false);
    expect(validateFieldValue(rule('mobileNum'), '01712345678').ok).toBe(true);
    expect(validateFieldValue(rule('mobileNum'), '0171234567x').ok).toBe(false);
    expect(validateFieldValue(rule('payeeName'), 'Rahim Uddin').ok).toBe(true);
  });

  it('setting/register: answers from the database', async () => {
    await t.database.db.update(registrationRules).set({ minLength: 8 }).where(eq(registrationRules.field, 'username'));
    const body = (await get('/wps/system/setting/register')).json();
    expect(body.value.fields[0]).toMatchObject({ field: 'username', minLength: 8 });
    await t.database.db.update(registrationRules).set({ minLength: 6 }).where(eq(registrationRules.field, 'username'));
  });

  it('permission: every field of the contract, customer service in the request language', async () => {
    const response = await get('/wps/system/permission', { language: 'EN' });
    expect(response.statusCode).toBe(200);
    const value = permissionValue.parse(response.json().value);
    expect(value).toMatchObject({
      merchantCode: 'KISMAT',
      currency: 'BDT',
      currencySymbol: '৳',
      // The demo merchant's days run in UTC+6 (the web's date presets count from its today).
      utcOffsetMinutes: 360,
      defaultLanguage: 'BN',
      mainDomain: 'localhost',
      analytics: { gtagId: null },
      imageCDNs: [],
      launchGameCDNs: [],
      location: { ip: '127.0.0.1', country: null },
      maintenance: false,
      regionRestriction: false,
      maintenanceEnd: null,
    });
    expect(value.customerService.map((entry) => entry.csType)).toEqual(['LIVECHAT', 'FACEBOOK', 'TELEGRAM', 'WHATSAPP']);
    expect(value.customerService[0]?.title).toBe('Live chat 24/7');
    const telegram = value.customerService.find((entry) => entry.csType === 'TELEGRAM');
    expect(Buffer.from(telegram?.path ?? '', 'base64').toString('utf8')).toBe('https://t.me/kismat_support');
    expect(value.resources).toMatchObject({
      appDownloadIos: expect.any(String),
      appDownloadAndroid: expect.any(String),
      inviteEnabled: '1',
    });
    expect(value.registration).toHaveLength(REGISTER_FIELDS.length);
    expect(value.flags.PTSYS3).toBe(true);
    expect(value.domainRoute.domains.length).toBe(2);
    const bn = (await get('/wps/system/permission')).json();
    expect(bn.value.customerService[0].title).toBe('লাইভ চ্যাট 24/7');
  });

  it('countryCodes: a world list with Bangladesh first, names in the request language', async () => {
    const english = (await get('/wps/system/countryCodes', { language: 'EN' })).json().value as {
      country: string;
      name: string;
      dialingCode: string;
      phoneDigits: number;
    }[];
    expect(english.length).toBeGreaterThan(230);
    expect(english[0]).toEqual({ country: 'BD', name: 'Bangladesh', dialingCode: '+880', phoneDigits: 10 });
    expect(english.find((entry) => entry.country === 'KE')).toMatchObject({ name: 'Kenya', dialingCode: '+254', phoneDigits: 9 });
    expect(english.find((entry) => entry.country === 'IN')).toMatchObject({ dialingCode: '+91', phoneDigits: 10 });
    expect(new Set(english.map((entry) => entry.country)).size).toBe(english.length);
    const bengali = (await get('/wps/system/countryCodes')).json().value;
    expect(bengali[0]).toMatchObject({ country: 'BD', name: 'বাংলাদেশ' });
    const swahili = (await get('/wps/system/countryCodes', { language: 'SW' })).json().value;
    expect(swahili.find((entry: { country: string }) => entry.country === 'DE').name).toBe('Ujerumani');
  });

  it('countryCodes: Swahili names are CLDR names, not machine translations', async () => {
    const swahili = (await get('/wps/system/countryCodes', { language: 'SW' })).json().value as { country: string; name: string }[];
    const name = (code: string) => swahili.find((entry) => entry.country === code)?.name;
    expect(name('BJ')).toBe('Benin');
    expect(name('CV')).toBe('Cape Verde');
    expect(name('RE')).toBe('Reunion');
    expect(name('KE')).toBe('Kenya');
    const bengali = (await get('/wps/system/countryCodes')).json().value as { country: string; name: string }[];
    expect(bengali.find((entry) => entry.country === 'CV')?.name).toBe('কেপ ভার্দে');
  });

  it('countryCodes: a seed run corrects names an older seed stored', async () => {
    await t.database.db
      .update(countries)
      .set({ names: { EN: 'Benin', BN: 'বেনিন', SW: 'Benign' } })
      .where(eq(countries.code, 'BJ'));
    await seedCountries(t.database.db);
    const [row] = await t.database.db.select().from(countries).where(eq(countries.code, 'BJ'));
    expect(row?.names.SW).toBe('Benin');
  });

  it('countryCodes: the phone fields start on the visitor own country (IP, else the language home)', async () => {
    const first = async (language: string, remoteAddress?: string) =>
      (
        (await t.app.inject({ method: 'GET', url: '/wps/system/countryCodes', headers: { language }, remoteAddress })).json().value as {
          country: string;
          dialingCode: string;
        }[]
      )[0];
    // A Swahili reader with no known IP country: Kenya, not Bangladesh.
    expect(await first('SW')).toMatchObject({ country: 'KE', dialingCode: '+254' });
    // The IP's country wins over the language (GeoLite2 data shipped with geoip-country).
    expect(await first('SW', '102.80.0.1')).toMatchObject({ country: 'UG', dialingCode: '+256' });
    expect(await first('EN', '41.90.0.1')).toMatchObject({ country: 'KE', dialingCode: '+254' });
    expect(await first('BN', '103.4.145.1')).toMatchObject({ country: 'BD', dialingCode: '+880' });
    expect(await first('EN')).toMatchObject({ country: 'BD', dialingCode: '+880' });
  });

  it('countryCodes: answers from the database', async () => {
    await t.database.db.update(countries).set({ isActive: false }).where(eq(countries.code, 'AQ'));
    const list = (await get('/wps/system/countryCodes', { language: 'EN' })).json().value as { country: string }[];
    expect(list.map((entry) => entry.country)).not.toContain('AQ');
  });
});
