import { GAME_CATEGORIES } from '@kismat/contracts/constants';
import { CRASH_GAME_CODE } from '@kismat/contracts/crash';
import { isValidPatternSource } from '@kismat/contracts/field-rules';
import { ORIGINAL_GAME_CODES } from '@kismat/contracts/originals';
import { SLOT_TITLES } from '@kismat/game-math/slots/slot-titles';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../db/schema/accounts';
import { depositChannels } from '../db/schema/cashier';
import { games, merchantGames, vendorCategories, vendors } from '../db/schema/catalogue';
import { gameFavourites, gameRecentPlays, gameRounds } from '../db/schema/games';
import { merchantDomains, merchants } from '../db/schema/merchants';
import { announcements, banners, helpArticles, registrationRules } from '../db/schema/system';
import { VENDORS } from '../modules/catalogue/catalogue-data';
import { buildGameList } from '../modules/catalogue/seed-catalogue';
import { LOTTERY_GAMES } from '../modules/house-games/lottery-games';
import { setMerchantFlag } from '../modules/system/set-merchant-flag';
import type { Database } from '../platform/db';
import { computeFeatureFlags } from '../platform/flags';
import { createTestDatabase } from '../test/test-database';
import { seedDatabase } from './seed';
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
    // demoagent, demoplayer and the Kenyan site's demomchezaji.
    expect(before.find((table) => table.table === 'members')?.rows).toBe(3);
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
    const domains = await database.db
      .select()
      .from(merchantDomains)
      .where(eq(merchantDomains.merchantId, merchant?.id ?? 0));
    expect(domains.map((domain) => [domain.domain, domain.purpose]).sort()).toEqual([
      ['127.0.0.1', 'member'],
      ['localhost', 'member'],
    ]);
  });

  it('the East African merchant (issue 22): KISMAT-KE, KES shown KSh, SW, +3 hours, ke.localhost, M-Pesa only, no ৳ or bKash in its texts', async () => {
    const [merchant] = await database.db.select().from(merchants).where(eq(merchants.code, 'KISMAT-KE'));
    expect(merchant).toMatchObject({
      currency: 'KES',
      currencySymbol: 'KSh',
      defaultLanguage: 'SW',
      utcOffsetMinutes: 180,
      isDefault: false,
    });
    const merchantId = merchant?.id ?? 0;
    const domains = await database.db.select().from(merchantDomains).where(eq(merchantDomains.merchantId, merchantId));
    expect(domains.map((domain) => domain.domain)).toEqual(['ke.localhost']);
    const channels = await database.db.select().from(depositChannels).where(eq(depositChannels.merchantId, merchantId));
    expect(channels.map((channel) => [channel.code, channel.provider])).toEqual([['mpesa', 'mpesa']]);
    const [mobileRule] = await database.db
      .select()
      .from(registrationRules)
      .where(and(eq(registrationRules.merchantId, merchantId), eq(registrationRules.field, 'mobileNum')));
    expect([mobileRule?.minLength, mobileRule?.maxLength]).toEqual([9, 12]);
    const texts = JSON.stringify([
      await database.db.select().from(banners).where(eq(banners.merchantId, merchantId)),
      await database.db.select().from(announcements).where(eq(announcements.merchantId, merchantId)),
      await database.db.select().from(helpArticles).where(eq(helpArticles.merchantId, merchantId)),
    ]);
    expect(texts).toContain('M-Pesa');
    expect(texts).not.toMatch(/৳|bKash|বিকাশ|Nagad|নগদ|Rocket/);
  });

  it('every registration pattern compiles', async () => {
    const rules = await database.db.select().from(registrationRules);
    // 18 fields for each of the two demo merchants.
    expect(rules.length).toBe(36);
    for (const rule of rules) expect(isValidPatternSource(rule.acceptedPattern), rule.field).toBe(true);
  });

  it('every vendor lane has 6 to 30 games, unique codes, a hot game and art URLs', async () => {
    const list = buildGameList();
    const byLane = new Map<string, number>();
    for (const game of list)
      byLane.set(`${game.vendorCode}:${game.category}`, (byLane.get(`${game.vendorCode}:${game.category}`) ?? 0) + 1);
    for (const vendor of VENDORS) {
      if (vendor.isHouse) continue;
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
    const [tiger] = await database.db.select().from(games).where(eq(games.gameCode, 'bengal-tiger'));
    expect(tiger).toMatchObject({
      iconUrl: '/lgw/images/games/KISMAT/bengal-tiger.svg',
      largeIconUrl: '/lgw/images/games/KISMAT/bengal-tiger.svg?size=large',
      category: 'BGS',
    });
  });

  it('the in-house vendor lists exactly the real in-house games, named in every language', async () => {
    const rows = await database.db
      .select({ gameCode: games.gameCode, category: games.category, displayNames: games.displayNames })
      .from(games)
      .innerJoin(vendors, eq(vendors.id, games.vendorId))
      .where(eq(vendors.code, 'KISMAT'));
    const lanes = Object.fromEntries(rows.map((row) => [row.gameCode, row.category]));
    expect(lanes).toEqual({
      ...Object.fromEntries(SLOT_TITLES.map((title) => [title.id, 'BGS'])),
      // Kismat Originals and Crash sit with the slots in the in-house lane.
      ...Object.fromEntries(
        [ORIGINAL_GAME_CODES.DICE, ORIGINAL_GAME_CODES.MINES, ORIGINAL_GAME_CODES.PLINKO, CRASH_GAME_CODE].map((code) => [code, 'BGS']),
      ),
      // The card originals are the PVP centre's own games.
      [ORIGINAL_GAME_CODES.DRAGON_TIGER]: 'PVP',
      [ORIGINAL_GAME_CODES.ANDAR_BAHAR]: 'PVP',
      [ORIGINAL_GAME_CODES.TEEN_PATTI]: 'PVP',
      ...Object.fromEntries(LOTTERY_GAMES.map((game) => [game.gameCode, game.kind === 'ELOTT' ? 'ELOTT' : 'LOTT'])),
    });
    expect(Object.keys(lanes).sort()).toEqual(
      [
        'ELOTT_1M',
        'ELOTT_3M',
        'ELOTT_5M',
        'SEA_THAI',
        'VN_NORTH',
        'bengal-tiger',
        'golden-delta',
        'kismat-andar-bahar',
        'kismat-crash',
        'kismat-dice',
        'kismat-dragon-tiger',
        'kismat-mines',
        'kismat-plinko',
        'kismat-teen-patti',
        'lucky-lotus',
      ].sort(),
    );
    for (const row of rows) expect(Object.keys(row.displayNames ?? {}).sort(), row.gameCode).toEqual(['BN', 'EN', 'SW']);
    // Several real draws per lottery lane: the vendor tile lists them instead of launching the first.
    const houseLanes = await database.db
      .select({ category: vendorCategories.category, isGame: vendorCategories.isGame })
      .from(vendorCategories)
      .innerJoin(vendors, eq(vendors.id, vendorCategories.vendorId))
      .where(eq(vendors.code, 'KISMAT'));
    expect(Object.fromEntries(houseLanes.map((lane) => [lane.category, lane.isGame]))).toEqual({
      BGS: 'VASSALAGE',
      PVP: 'VASSALAGE',
      LOTT: 'VASSALAGE',
      ELOTT: 'VASSALAGE',
    });
  });

  it('removes the generated house games of older seeds: unused ones go, recorded ones are disabled', async () => {
    const [house] = await database.db.select().from(vendors).where(eq(vendors.code, 'KISMAT'));
    const [merchant] = await database.db.select().from(merchants).where(eq(merchants.code, 'KISMAT'));
    const [member] = await database.db.select().from(members).limit(1);
    if (!house || !merchant || !member) throw new Error('seed data missing');
    const placeholder = (gameCode: string, category: 'BGS' | 'ELOTT') => ({
      vendorId: house.id,
      category,
      gameCode,
      gameName: gameCode,
      displayNames: { EN: gameCode },
      iconUrl: `/lgw/images/games/KISMAT/${gameCode}.svg`,
      largeIconUrl: `/lgw/images/games/KISMAT/${gameCode}.svg?size=large`,
    });
    const [crash, winGo] = await database.db
      .insert(games)
      .values([placeholder('crash', 'BGS'), placeholder('win-go-1-min', 'ELOTT')])
      .returning({ id: games.id });
    if (!crash || !winGo) throw new Error('insert failed');
    await database.db.insert(gameFavourites).values({ memberId: member.id, gameId: crash.id });
    await database.db.insert(gameRecentPlays).values({ memberId: member.id, gameId: crash.id, playedAt: new Date() });
    await database.db.insert(merchantGames).values({ merchantId: merchant.id, gameId: crash.id, isHot: true });
    await database.db.insert(gameRounds).values({
      merchantId: merchant.id,
      memberId: member.id,
      vendorId: house.id,
      gameId: winGo.id,
      gameType: 'ELOTT',
      vendorRoundId: `old-${winGo.id}`,
      currency: merchant.currency,
      openedAt: new Date(),
    });

    await database.db
      .update(vendorCategories)
      .set({ isGame: 'GAME' })
      .where(and(eq(vendorCategories.vendorId, house.id), eq(vendorCategories.category, 'ELOTT')));

    await seedDatabase(database.db, { demo: false });
    expect(await database.db.select().from(games).where(eq(games.id, crash.id))).toEqual([]);
    const [elottLane] = await database.db
      .select({ isGame: vendorCategories.isGame })
      .from(vendorCategories)
      .where(and(eq(vendorCategories.vendorId, house.id), eq(vendorCategories.category, 'ELOTT')));
    expect(elottLane?.isGame).toBe('VASSALAGE');
    expect(await database.db.select().from(gameFavourites).where(eq(gameFavourites.gameId, crash.id))).toEqual([]);
    const [kept] = await database.db.select().from(games).where(eq(games.id, winGo.id));
    expect(kept?.status).toBe('DISABLED');
    // Once clean, seeding again changes nothing.
    const before = await checksumTables(database.db);
    await seedDatabase(database.db, { demo: false });
    expect(await checksumTables(database.db)).toEqual(before);
  });

  it('covers every category and the in-house vendor', async () => {
    const lanes = await database.db.select({ category: vendorCategories.category }).from(vendorCategories);
    expect(new Set(lanes.map((lane) => lane.category))).toEqual(new Set(GAME_CATEGORIES));
    const [house] = await database.db.select().from(vendors).where(eq(vendors.code, 'KISMAT'));
    expect(house?.isHouse).toBe(true);
  });
});
