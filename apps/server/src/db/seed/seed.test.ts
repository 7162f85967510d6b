import { GAME_CATEGORIES } from '@kismat/contracts/constants';
import { isValidPatternSource } from '@kismat/contracts/field-rules';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMerchantFlag } from '../../modules/system/set-merchant-flag';
import { computeFeatureFlags } from '../../modules/system/whitelabel-flags';
import type { Database } from '../../platform/db';
import { createTestDatabase } from '../../test/test-database';
import { games, vendorCategories, vendors } from '../schema/catalogue';
import { merchantDomains, merchants } from '../schema/merchants';
import { banners, registrationRules } from '../schema/system';
import { VENDORS } from './catalogue-data';
import { seedDatabase } from './seed';
import { buildGameList } from './seed-catalogue';
import { checksumTables } from './table-checksums';

describe('seed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDatabase(database.db, { demo: true });
  });
  afterAll(async () => database.close());

  it('seeding again changes nothing (row counts and checksums of every table)', async () => {
    const before = await checksumTables(database.db);
    expect(before.find((table) => table.table === 'games')?.rows).toBeGreaterThan(500);
    await seedDatabase(database.db, { demo: false });
    await seedDatabase(database.db, { demo: true });
    expect(await checksumTables(database.db)).toEqual(before);
    expect(before.find((table) => table.table === 'members')?.rows).toBe(2);
  });

  it('keeps what an operator changed', async () => {
    await setMerchantFlag(database.db, 'KISMAT', 'PTSYS3', false);
    await database.db.update(banners).set({ title: 'Operator title' }).where(eq(banners.code, 'w_home-EN-1'));
    await seedDatabase(database.db, { demo: false });
    const [merchant] = await database.db.select().from(merchants).where(eq(merchants.code, 'KISMAT'));
    expect(computeFeatureFlags(merchant?.whitelabel ?? []).PTSYS3).toBe(false);
    const [banner] = await database.db.select().from(banners).where(eq(banners.code, 'w_home-EN-1'));
    expect(banner?.title).toBe('Operator title');
  });

  it('the default merchant: KISMAT, BDT, BN, +6 hours, local domains', async () => {
    const [merchant] = await database.db.select().from(merchants).where(eq(merchants.isDefault, true));
    expect(merchant).toMatchObject({
      code: 'KISMAT',
      name: 'Kismat',
      currency: 'BDT',
      currencySymbol: '৳',
      defaultLanguage: 'BN',
      utcOffsetMinutes: 360,
    });
    const domains = await database.db.select().from(merchantDomains);
    expect(domains.map((domain) => [domain.domain, domain.purpose]).sort()).toEqual([
      ['127.0.0.1', 'member'],
      ['localhost', 'member'],
    ]);
  });

  it('every registration pattern compiles', async () => {
    const rules = await database.db.select().from(registrationRules);
    expect(rules.length).toBe(18);
    for (const rule of rules) expect(isValidPatternSource(rule.acceptedPattern), rule.field).toBe(true);
  });

  it('every vendor lane has 6 to 30 games, unique codes, a hot game and art URLs', async () => {
    const list = buildGameList();
    const byLane = new Map<string, number>();
    for (const game of list)
      byLane.set(`${game.vendorCode}:${game.category}`, (byLane.get(`${game.vendorCode}:${game.category}`) ?? 0) + 1);
    for (const vendor of VENDORS) {
      for (const category of vendor.categories) {
        const size = byLane.get(`${vendor.code}:${category}`) ?? 0;
        expect(size, `${vendor.code} ${category}`).toBeGreaterThanOrEqual(6);
        expect(size, `${vendor.code} ${category}`).toBeLessThanOrEqual(30);
        expect(list.some((game) => game.vendorCode === vendor.code && game.category === category && game.isHot)).toBe(true);
      }
    }
    expect(new Set(list.map((game) => `${game.vendorCode}:${game.gameCode}`)).size).toBe(list.length);
    expect(list.some((game) => game.isNew)).toBe(true);
    // Deterministic: the same list every time.
    expect(buildGameList()).toEqual(list);

    const [stored] = await database.db.select({ total: count() }).from(games);
    expect(stored?.total).toBe(list.length);
    const [crash] = await database.db.select().from(games).where(eq(games.gameCode, 'crash'));
    expect(crash).toMatchObject({
      iconUrl: '/lgw/images/games/KISMAT/crash.svg',
      largeIconUrl: '/lgw/images/games/KISMAT/crash.svg?size=large',
      category: 'BGS',
    });
  });

  it('covers every category and the in-house vendor', async () => {
    const lanes = await database.db.select({ category: vendorCategories.category }).from(vendorCategories);
    expect(new Set(lanes.map((lane) => lane.category))).toEqual(new Set(GAME_CATEGORIES));
    const [house] = await database.db.select().from(vendors).where(eq(vendors.code, 'KISMAT'));
    expect(house?.isHouse).toBe(true);
  });
});
