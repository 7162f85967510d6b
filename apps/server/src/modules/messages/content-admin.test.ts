import { CONTENT_ADMIN_PATHS } from '@kismat/contracts/content-admin';
import { MESSAGES_PATHS } from '@kismat/contracts/messages';
import { SYSTEM_PATHS } from '@kismat/contracts/system';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../db/schema/operators';
import { banners, helpCategories } from '../../db/schema/system';
import type { TestApp } from '../../test/build-test-app';
import { createMerchant, TestClient, type TestMerchant, uniqueSuffix } from '../../test/factories';
import { fillPath, operatorToken } from '../../test/operator-login';
import { useTestApp } from '../../test/shop-fixture';

let t: TestApp;
let admin: TestClient;

useTestApp(async (built) => {
  t = built;
  admin = new TestClient(t.app, 'localhost');
});

/** The member site's relay as a visitor of `shop` in `language` sees it. */
async function siteBanners(shop: TestMerchant, language: 'BN' | 'EN' | 'SW') {
  const site = new TestClient(t.app, shop.host);
  const response = await site.call('GET', `${MESSAGES_PATHS.listAnnouncements}?types=B&language=${language}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value.banners as { id: number; groupName: string; title: string; url: string }[];
}

const bannerBody = {
  groupName: 'w_home',
  texts: { BN: { title: 'ঈদ বোনাস' }, EN: { title: 'Eid bonus', subtitle: 'Up to 100%' }, SW: { title: 'Bonasi ya Eid' } },
  linkageType: 'INTERNAL',
  linkage: '/promotions',
  sort: 1,
};

describe('content desk: banners', () => {
  it('publishes a banner in BN, EN and SW that the site shows at once, each language its own, audited', async () => {
    const shop = await createMerchant(t.app.db);
    const token = await operatorToken(t, admin, 'admin');
    const created = await admin.call('POST', fillPath(CONTENT_ADMIN_PATHS.banners, { code: shop.merchant.code }), {
      token,
      body: bannerBody,
    });
    expect(created.statusCode, created.body).toBe(200);
    const items = created.json().value.items as { id: number; language: string; url: string; isLive: boolean }[];
    expect(items.map((item) => item.language).sort()).toEqual(['BN', 'EN', 'SW']);
    expect(items.every((item) => item.isLive && item.url.startsWith('/lgw/images/banners/'))).toBe(true);

    expect((await siteBanners(shop, 'BN')).map((banner) => banner.title)).toEqual(['ঈদ বোনাস']);
    expect((await siteBanners(shop, 'EN')).map((banner) => banner.title)).toEqual(['Eid bonus']);
    expect((await siteBanners(shop, 'SW')).map((banner) => banner.title)).toEqual(['Bonasi ya Eid']);

    // The generated art draws the new title (its URL answers with the banner's text).
    const art = await new TestClient(t.app, shop.host).call('GET', (items.find((item) => item.language === 'EN') as { url: string }).url);
    expect(art.statusCode).toBe(200);
    expect(art.body).toContain('Eid bonus');

    const audits = await t.app.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.merchantId, shop.merchant.id), eq(operatorAuditLog.action, 'content.banner_created')));
    expect(audits).toHaveLength(3);
  });

  it('changes, schedules and removes a banner; a scheduled one is not live until its start', async () => {
    const shop = await createMerchant(t.app.db);
    const token = await operatorToken(t, admin, 'admin');
    const url = fillPath(CONTENT_ADMIN_PATHS.banners, { code: shop.merchant.code });
    const [created] = (await admin.call('POST', url, { token, body: { ...bannerBody, texts: { ALL: { title: 'Everyone' } } } })).json()
      .value.items as { id: number }[];
    if (!created) throw new Error('no banner');
    expect((await siteBanners(shop, 'SW')).map((banner) => banner.title)).toEqual(['Everyone']);

    const later = new Date(t.app.now().getTime() + 86_400_000).toISOString();
    const changed = await admin.call('PUT', fillPath(CONTENT_ADMIN_PATHS.banner, { code: shop.merchant.code, id: created.id }), {
      token,
      body: {
        groupName: 'w_home',
        title: 'Tomorrow',
        subtitle: '',
        linkageType: 'NONE',
        linkage: '',
        sort: 0,
        isActive: true,
        startsAt: later,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().value.isLive).toBe(false);
    expect(await siteBanners(shop, 'EN')).toEqual([]);

    const removed = await admin.call('DELETE', fillPath(CONTENT_ADMIN_PATHS.banner, { code: shop.merchant.code, id: created.id }), {
      token,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await t.app.db.select().from(banners).where(eq(banners.id, created.id))).toEqual([]);
  });

  it('refuses a javascript: or off-site link, support operators and another merchant, changing nothing', async () => {
    const shop = await createMerchant(t.app.db);
    const other = await createMerchant(t.app.db);
    const url = fillPath(CONTENT_ADMIN_PATHS.banners, { code: shop.merchant.code });
    const token = await operatorToken(t, admin, 'admin');

    for (const link of [
      { linkageType: 'EXTERNAL', linkage: 'javascript:alert(1)' },
      { linkageType: 'INTERNAL', linkage: '//evil.example/x' },
      { linkageType: 'EXTERNAL', linkage: 'http://plain.example' },
    ]) {
      const refused = await admin.call('POST', url, { token, body: { ...bannerBody, ...link } });
      expect(refused.statusCode, link.linkage).toBe(422);
    }
    const support = await operatorToken(t, admin, 'support');
    expect((await admin.call('POST', url, { token: support, body: bannerBody })).statusCode).toBe(403);
    expect((await admin.call('GET', url, { token: support })).statusCode).toBe(200);

    const scoped = await operatorToken(t, admin, 'admin', other.merchant.id);
    expect((await admin.call('POST', url, { token: scoped, body: bannerBody })).statusCode).toBe(404);
    expect(await t.app.db.select().from(banners).where(eq(banners.merchantId, shop.merchant.id))).toEqual([]);
  });
});

describe('content desk: announcements, help, customer service, links', () => {
  it('stores popup HTML sanitised and shows it to the right audience', async () => {
    const shop = await createMerchant(t.app.db);
    const token = await operatorToken(t, admin, 'admin');
    const response = await admin.call('POST', fillPath(CONTENT_ADMIN_PATHS.announcements, { code: shop.merchant.code }), {
      token,
      body: {
        type: 'PU',
        execution: 'B',
        title: { BN: 'স্বাগতম <b>', EN: 'Welcome', SW: '' },
        content: {
          BN: '<p onclick="steal()">হ্যালো<script>alert(1)</script></p><a href="javascript:alert(2)">x</a>',
          EN: '<p>Hi</p>',
          SW: '',
        },
        platforms: ['W', 'H5'],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const stored = response.json().value;
    expect(stored.content.BN).toBe('<p>হ্যালো</p><a target="_blank" rel="noopener noreferrer nofollow">x</a>');
    expect(stored.title.BN).toBe('স্বাগতম <b>');

    const site = new TestClient(t.app, shop.host);
    const relay = await site.call('GET', `${MESSAGES_PATHS.listAnnouncements}?types=PU&language=SW`);
    const popups = relay.json().value.popups as { title: string; content: string; execution: string }[];
    // SW left empty falls back to another language; the audience is what the operator chose.
    expect(popups).toHaveLength(1);
    expect(popups[0]?.execution).toBe('B');
    expect(popups[0]?.content).not.toContain('script');

    const refused = await admin.call('POST', fillPath(CONTENT_ADMIN_PATHS.announcements, { code: shop.merchant.code }), {
      token,
      body: { type: 'PL', execution: 'A', title: { BN: 'x' }, content: { BN: 'y' }, platforms: ['W'] },
    });
    expect(refused.statusCode).toBe(422);
  });

  it('writes a help article the help centre shows, refuses a taken slug and another merchant’s category', async () => {
    const shop = await createMerchant(t.app.db);
    const other = await createMerchant(t.app.db);
    const [category] = await t.app.db
      .insert(helpCategories)
      .values({ merchantId: shop.merchant.id, slug: 'rules', title: { EN: 'Rules', BN: 'নিয়ম' } })
      .returning();
    const [foreign] = await t.app.db
      .insert(helpCategories)
      .values({ merchantId: other.merchant.id, slug: 'rules', title: { EN: 'Rules' } })
      .returning();
    if (!category || !foreign) throw new Error('no category');
    const token = await operatorToken(t, admin, 'admin');
    const url = fillPath(CONTENT_ADMIN_PATHS.helpArticles, { code: shop.merchant.code });
    const body = {
      categoryId: category.id,
      slug: 'withdrawals',
      title: { BN: 'উত্তোলন', EN: 'Withdrawals', SW: 'Kutoa pesa' },
      content: {
        BN: '<h2>সময়</h2><p>২৪ ঘণ্টা</p><img src="x" onerror="alert(1)">',
        EN: '<p>Within 24 hours</p>',
        SW: '<p>Ndani ya saa 24</p>',
      },
      devices: ['WEB', 'H5'],
    };
    const created = await admin.call('POST', url, { token, body });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().value.content.BN).not.toContain('onerror');

    const help = await new TestClient(t.app, shop.host, 'SW').call('GET', `${SYSTEM_PATHS.helpCenter}?device=WEB`);
    expect(help.statusCode, help.body).toBe(200);
    expect(JSON.stringify(help.json().value)).toContain('Ndani ya saa 24');

    expect((await admin.call('POST', url, { token, body })).json().code).toBe('HELP_SLUG_TAKEN');
    const wrongCategory = await admin.call('POST', url, { token, body: { ...body, slug: 'other', categoryId: foreign.id } });
    expect(wrongCategory.statusCode).toBe(404);
  });

  it('edits customer-service entries and links, refusing non-https links', async () => {
    const shop = await createMerchant(t.app.db);
    const token = await operatorToken(t, admin, 'admin');
    const cs = await admin.call('POST', fillPath(CONTENT_ADMIN_PATHS.customerServices, { code: shop.merchant.code }), {
      token,
      body: { csType: 'TELEGRAM', title: { BN: 'টেলিগ্রাম', EN: 'Telegram', SW: 'Telegram' }, url: 'https://t.me/kismat_help' },
    });
    expect(cs.statusCode, cs.body).toBe(200);
    const badCs = await admin.call('POST', fillPath(CONTENT_ADMIN_PATHS.customerServices, { code: shop.merchant.code }), {
      token,
      body: { csType: 'WHATSAPP', title: { BN: 'x', EN: '', SW: '' }, url: 'javascript:alert(1)' },
    });
    expect(badCs.statusCode).toBe(422);

    const url = fillPath(CONTENT_ADMIN_PATHS.resources, { code: shop.merchant.code });
    const set = await admin.call('PUT', url, {
      token,
      body: { appDownloadAndroid: 'https://play.example/kismat', footerPaymentLogos: 'bKash, Nagad, VISA', liveChatEnabled: '0' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().value.values).toMatchObject({ appDownloadAndroid: 'https://play.example/kismat', liveChatEnabled: '0' });
    expect((await admin.call('PUT', url, { token, body: { whatsapp: 'javascript:alert(1)' } })).statusCode).toBe(422);
    expect((await admin.call('GET', url, { token })).json().value.values.whatsapp).toBeUndefined();
  });

  it('keeps an uploaded image by its bytes and serves it; refuses SVG or HTML dressed as an image', async () => {
    const shop = await createMerchant(t.app.db);
    const token = await operatorToken(t, admin, 'admin');
    const url = fillPath(CONTENT_ADMIN_PATHS.images, { code: shop.merchant.code });
    // A 1x1 PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const upload = (bytes: Buffer, filename: string, type: string) => {
      const boundary = `----kismat${uniqueSuffix(6)}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return admin.call('POST', url, { token, body: payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    };
    const saved = await upload(png, 'a.png', 'image/png');
    expect(saved.statusCode, saved.body).toBe(200);
    const image = await new TestClient(t.app, shop.host).call('GET', saved.json().value.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(png)).toBe(true);

    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'a.png', 'image/png');
    expect(svg.json().code).toBe('CONTENT_IMAGE_INVALID');
    expect((await new TestClient(t.app, shop.host).call('GET', '/lgw/images/content/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('content desk: every kind audits its changes the same way', () => {
  it('lists, creates, changes and removes banners, announcements, help articles and contact entries, each change audited with before and after', async () => {
    const shop = await createMerchant(t.app.db);
    const [category] = await t.app.db
      .insert(helpCategories)
      .values({ merchantId: shop.merchant.id, slug: 'faq', title: { EN: 'FAQ' } })
      .returning();
    if (!category) throw new Error('no category');
    const token = await operatorToken(t, admin, 'admin');
    const code = shop.merchant.code;
    // Each kind's change is its create body with the titles and text changed.
    const announcement = {
      type: 'PU',
      execution: 'A',
      title: { BN: 'নোটিস', EN: 'Notice', SW: '' },
      content: { BN: '<p>১</p>', EN: '', SW: '' },
      platforms: ['W'],
    };
    const helpArticle = {
      categoryId: category.id,
      slug: 'deposits',
      title: { BN: 'জমা', EN: 'Deposits', SW: 'Amana' },
      content: { BN: '<p>১</p>', EN: '', SW: '' },
      devices: ['WEB'],
    };
    const kinds = [
      {
        list: CONTENT_ADMIN_PATHS.banners,
        item: CONTENT_ADMIN_PATHS.banner,
        target: 'banner',
        create: { ...bannerBody, texts: { ALL: { title: 'Everyone' } } },
        update: {
          groupName: 'w_home',
          title: 'Everyone, changed',
          subtitle: '',
          linkageType: 'NONE',
          linkage: '',
          sort: 0,
          isActive: true,
        },
        idOf: (value: { items: { id: number }[] }) => value.items[0]?.id,
      },
      {
        list: CONTENT_ADMIN_PATHS.announcements,
        item: CONTENT_ADMIN_PATHS.announcement,
        target: 'announcement',
        create: announcement,
        update: { ...announcement, title: { BN: 'নোটিস ২', EN: 'Notice 2', SW: '' }, content: { BN: '<p>২</p>', EN: '', SW: '' } },
        idOf: (value: { id: number }) => value.id,
      },
      {
        list: CONTENT_ADMIN_PATHS.helpArticles,
        item: CONTENT_ADMIN_PATHS.helpArticle,
        target: 'help_article',
        create: helpArticle,
        update: { ...helpArticle, title: { BN: 'জমা ২', EN: 'Deposits 2', SW: 'Amana' }, content: { BN: '<p>২</p>', EN: '', SW: '' } },
        idOf: (value: { id: number }) => value.id,
      },
      {
        list: CONTENT_ADMIN_PATHS.customerServices,
        item: CONTENT_ADMIN_PATHS.customerService,
        target: 'customer_service',
        create: { csType: 'TELEGRAM', title: { BN: 'টেলিগ্রাম', EN: 'Telegram', SW: 'Telegram' }, url: 'https://t.me/kismat_help' },
        update: { csType: 'TELEGRAM', title: { BN: 'টেলিগ্রাম ২', EN: 'Telegram 2', SW: 'Telegram' }, url: 'https://t.me/kismat_help2' },
        idOf: (value: { id: number }) => value.id,
      },
    ];
    for (const kind of kinds) {
      const listUrl = fillPath(kind.list, { code });
      expect((await admin.call('GET', listUrl, { token })).statusCode).toBe(200);
      const created = await admin.call('POST', listUrl, { token, body: kind.create });
      expect(created.statusCode, created.body).toBe(200);
      const id = kind.idOf(created.json().value);
      if (id === undefined) throw new Error(`no ${kind.target} id`);
      const itemUrl = fillPath(kind.item, { code, id });
      const changed = await admin.call('PUT', itemUrl, { token, body: kind.update });
      expect(changed.statusCode, changed.body).toBe(200);
      const removed = await admin.call('DELETE', itemUrl, { token });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().value).toEqual({ deleted: true });

      const audits = await t.app.db
        .select()
        .from(operatorAuditLog)
        .where(
          and(
            eq(operatorAuditLog.merchantId, shop.merchant.id),
            eq(operatorAuditLog.targetId, String(id)),
            eq(operatorAuditLog.targetType, kind.target),
          ),
        );
      expect(audits.map((audit) => audit.action).sort()).toEqual(
        [`content.${kind.target}_changed`, `content.${kind.target}_created`, `content.${kind.target}_deleted`].sort(),
      );
      const change = audits.find((audit) => audit.action.endsWith('_changed'))?.detail as { before: unknown; after: unknown };
      expect(change.before).toBeTruthy();
      expect(change.after).toBeTruthy();
      expect(change.before).not.toEqual(change.after);
    }
  });
});
