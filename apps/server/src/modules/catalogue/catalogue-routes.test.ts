import { gameMenusResponse } from '@kismat/contracts/catalogue';
import { GAME_CATEGORIES } from '@kismat/contracts/constants';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantVendorCategories, vendorCategories, vendors } from '../../db/schema/catalogue';
import type { TestApp } from '../../test/build-test-app';
import { useTestApp } from '../../test/shop-fixture';
import { getGameMenus } from './get-game-menus';
import { initialsOf, renderArtSvg, vendorCodeFontSize, wrapText } from './render-art-svg';

describe('catalogue: game menus and generated art', () => {
  let t: TestApp;
  let merchantId: number;
  useTestApp(async (built) => {
    t = built;
    merchantId = (await t.app.merchants.byCode('KISMAT'))?.id ?? 0;
  });

  it('game_menus: every category in home-row order with its vendors', async () => {
    const response = await t.app.inject({ url: '/lgw/games/game_menus', headers: { language: 'EN' } });
    expect(response.statusCode).toBe(200);
    const { menus } = gameMenusResponse.parse(response.json()).value;
    expect(menus.map((menu) => menu.gameType)).toEqual([...GAME_CATEGORIES]);
    const vendorsOf = (category: string) => menus.find((menu) => menu.gameType === category)?.vendors.map((vendor) => vendor.vassalage);
    expect(vendorsOf('ESPORTS')).toEqual(['AV', 'IMES', 'IA', 'AI', 'TF']);
    expect(vendorsOf('COCKFIGHT')).toEqual(['SV3', 'DS88', 'DIG', 'WGB', 'WS168']);
    expect(vendorsOf('SPORTS')).toEqual(['IBC', 'SBT', 'UG']);
    expect(vendorsOf('BGS')).toEqual(['KISMAT']);
    expect(vendorsOf('LIVE')).toEqual(expect.arrayContaining(['AG', 'BG', 'DG', 'EA', 'OG']));
    expect(vendorsOf('RNG')).toEqual(expect.arrayContaining(['CQ9', 'PT', 'RTG', 'MG', 'PNG', 'ISB']));
    expect(vendorsOf('PVP')).toEqual(expect.arrayContaining(['KY', 'KX', 'TH']));
    expect(vendorsOf('FISH')).toEqual(expect.arrayContaining(['GG', 'CQ9']));
    const spoken = new Set(menus.flatMap((menu) => menu.vendors.map((vendor) => vendor.vassalage)));
    for (const code of [
      'AG',
      'BBIN',
      'CQ9',
      'GG',
      'PT',
      'RTG',
      'BG',
      'DG',
      'EA',
      'LOTUS',
      'OG',
      'TGP',
      'KX',
      'KY',
      'TH',
      'WS',
      'XY',
      'AE',
      'ISB',
      'MG',
      'MGS',
      'PNG',
      'TTG',
      'WD',
      'IBC',
      'SBT',
      'UG',
    ]) {
      expect(spoken.has(code), code).toBe(true);
    }
    const sports = menus.find((menu) => menu.gameType === 'SPORTS')?.vendors[0];
    expect(sports).toMatchObject({
      vassalage: 'IBC',
      gameType: 'SPORTS',
      isGame: 'GAME',
      isMaintenance: false,
      logoUrl: '/lgw/images/vendors/IBC.svg',
    });
    const slots = menus.find((menu) => menu.gameType === 'RNG')?.vendors[0];
    expect(slots).toMatchObject({ vendorType: 'RNG', isGame: 'VASSALAGE' });
  });

  it("answers from the database: a merchant's disabled lane, a disabled vendor and maintenance", async () => {
    const [lane] = await t.database.db
      .select({ id: vendorCategories.id })
      .from(vendorCategories)
      .innerJoin(vendors, eq(vendors.id, vendorCategories.vendorId))
      .where(and(eq(vendors.code, 'IBC'), eq(vendorCategories.category, 'SPORTS')));
    await t.database.db
      .update(merchantVendorCategories)
      .set({ isEnabled: false })
      .where(and(eq(merchantVendorCategories.merchantId, merchantId), eq(merchantVendorCategories.vendorCategoryId, lane?.id ?? 0)));
    await t.database.db.update(vendors).set({ status: 'DISABLED' }).where(eq(vendors.code, 'UG'));
    await t.database.db.update(vendors).set({ status: 'MAINTENANCE' }).where(eq(vendors.code, 'SBT'));
    await t.database.db
      .update(vendors)
      .set({ status: 'DISABLED' })
      .where(inArray(vendors.code, ['SV3', 'DS88', 'DIG', 'WGB', 'WS168']));

    const menus = await getGameMenus(t.app.db, merchantId, new Date());
    const sports = menus.find((menu) => menu.gameType === 'SPORTS')?.vendors ?? [];
    expect(sports.map((vendor) => vendor.vassalage)).toEqual(['SBT']);
    expect(sports[0]?.isMaintenance).toBe(true);
    expect(menus.find((menu) => menu.gameType === 'COCKFIGHT')?.vendors).toEqual([]);
    // Another merchant enables nothing yet: every category is there and empty.
    expect((await getGameMenus(t.app.db, merchantId + 1000, new Date())).every((menu) => menu.vendors.length === 0)).toBe(true);
  });

  it('serves game icons, wide art, vendor logos and banners as cached SVG', async () => {
    const icon = await t.app.inject({ url: '/lgw/images/games/KISMAT/bengal-tiger.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(icon.headers['cache-control']).toBe('public, max-age=604800');
    expect(icon.headers['x-content-type-options']).toBe('nosniff');
    expect(icon.body.startsWith('<svg')).toBe(true);
    expect(icon.body).toContain('Bengal');
    expect(icon.body).toContain('width="300"');
    const wide = await t.app.inject({ url: '/lgw/images/games/KISMAT/bengal-tiger.svg?size=large' });
    expect(wide.body).toContain('width="600"');
    const logo = await t.app.inject({ url: '/lgw/images/vendors/CQ9.svg' });
    expect(logo.body).toContain('CQ9');
    const banner = await t.app.inject({ url: '/lgw/images/banners/w_home-BN-1.svg' });
    expect(banner.body).toContain('প্রথম ডিপোজিটে 70% বোনাস');
    // Same input, same bytes: cached copies never disagree.
    expect((await t.app.inject({ url: '/lgw/images/games/KISMAT/bengal-tiger.svg' })).body).toBe(icon.body);
  });

  it('answers a matching ETag with 304', async () => {
    const first = await t.app.inject({ url: '/lgw/images/vendors/AG.svg' });
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await t.app.inject({ url: '/lgw/images/vendors/AG.svg', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers unknown art with 404 and bad names with 422', async () => {
    expect((await t.app.inject({ url: '/lgw/images/vendors/NOPE.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/lgw/images/games/AG/no-such-game.svg' })).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.app.inject({ url: '/lgw/images/announcements/promo-first-deposit/9.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/lgw/images/vendors/AG.png' })).statusCode).toBe(422);
  });

  it('escapes text so a title cannot inject markup', () => {
    const svg = renderArtSvg({ kind: 'game', seed: 'x', title: '<script>alert(1)</script> & "q"' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&#60;script&#62;');
  });

  it('draws the whole vendor code on its logo, small enough to fit (issue 12: "LOTUS" showed as "LOTU")', () => {
    for (const code of ['LOTUS', 'PG', 'SPRIBE', 'MICROGAMING', 'WS168']) {
      const svg = renderArtSvg({ kind: 'vendor', seed: code, title: code });
      expect(svg).toContain(`>${code}</text>`);
      const size = Number(/font-size="(\d+)"/.exec(svg)?.[1]);
      // Bold capitals at 0.72 em leave a 20 px margin on each side of the 240 px logo.
      expect(size * 0.72 * code.length).toBeLessThanOrEqual(240 - 40);
      expect(size).toBe(vendorCodeFontSize(code, 240));
    }
    expect(vendorCodeFontSize('PG', 240)).toBe(44);
  });

  it('wraps titles and makes initials', () => {
    expect(wrapText('Golden Dragon Fortune Express', 14, 3)).toEqual(['Golden Dragon', 'Fortune', 'Express']);
    expect(wrapText('one two three four five six', 3, 2)).toEqual(['one', 'two…']);
    expect(initialsOf('Golden Dragon')).toBe('GD');
    expect(initialsOf('CQ9')).toBe('CQ9');
  });
});
