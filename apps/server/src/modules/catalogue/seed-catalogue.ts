import { GAME_CATEGORIES, type GameCategory } from '@kismat/contracts/constants';
import { CRASH_GAME_CODE } from '@kismat/contracts/crash';
import { ORIGINAL_GAME_CODES } from '@kismat/contracts/originals';
import { SLOT_TITLES } from '@kismat/game-math/slots/slot-titles';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { games, merchantGames, merchantVendorCategories, vendorCategories, vendors } from '../../db/schema/catalogue';
import { gameFavourites, gameRecentPlays } from '../../db/schema/games';
import { sqlStateOf } from '../../platform/database-errors';
import type { DbOrTx } from '../../platform/db';
import { LOTTERY_GAMES } from '../house-games/index';
import { gameIconUrl, vendorLogoUrl } from './art-urls';
import { gameNamesFor, HOUSE_GAME_DISPLAY_NAMES, LAUNCH_MODE, VENDORS } from './catalogue-data';
import { hashText } from './stable-hash';

// Free play (trial accounts) is offered where the game is a solo round against the house.
const FREE_PLAY_CATEGORIES: readonly GameCategory[] = ['RNG', 'FISH', 'BGS'];
const INSERT_CHUNK = 500;

export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export type GameSeed = {
  vendorCode: string;
  category: GameCategory;
  gameCode: string;
  gameName: string;
  displayNames: Record<string, string>;
  isHot: boolean;
  isNew: boolean;
  sort: number;
  supportsFreePlay: boolean;
};

const HOUSE_VENDOR = 'KISMAT';
/** SQLSTATE foreign_key_violation. */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * The in-house games that really play (slot titles, scheduled lotteries): the house vendor's
 * lanes list exactly these, with the codes the game pages take (`gameCode`), so every entry
 * launches a real game.
 */
export function houseGameSeeds(): Omit<GameSeed, 'vendorCode'>[] {
  const slots = SLOT_TITLES.map((title) => ({ category: 'BGS' as const, gameCode: title.id, gameName: title.name }));
  // Crash (issue 23): one shared round for everyone every few seconds.
  const crash = [{ category: 'BGS' as const, gameCode: CRASH_GAME_CODE, gameName: 'Kismat Crash' }];
  // Kismat Originals (issue 23): single-player instant games against the house, beside the slots.
  const originals = [
    { category: 'BGS' as const, gameCode: ORIGINAL_GAME_CODES.DICE, gameName: 'Kismat Dice' },
    { category: 'BGS' as const, gameCode: ORIGINAL_GAME_CODES.MINES, gameName: 'Kismat Mines' },
    { category: 'BGS' as const, gameCode: ORIGINAL_GAME_CODES.PLINKO, gameName: 'Kismat Plinko' },
  ];
  // The card originals (issue 23) are the PVP centre's own games: a hand against the house.
  const cardGames = [
    { category: 'PVP' as const, gameCode: ORIGINAL_GAME_CODES.DRAGON_TIGER, gameName: 'Kismat Dragon Tiger' },
    { category: 'PVP' as const, gameCode: ORIGINAL_GAME_CODES.ANDAR_BAHAR, gameName: 'Kismat Andar Bahar' },
    { category: 'PVP' as const, gameCode: ORIGINAL_GAME_CODES.TEEN_PATTI, gameName: 'Kismat Teen Patti' },
  ];
  // Fast draws are the ELOTT lane; the daily VN and SEA draws are classic lotteries (LOTT).
  const lotteries = LOTTERY_GAMES.map((game) => ({
    category: game.kind === 'ELOTT' ? ('ELOTT' as const) : ('LOTT' as const),
    gameCode: game.gameCode,
    gameName: game.name,
  }));
  return [...originals, ...crash, ...slots, ...cardGames, ...lotteries].map((game, index) => ({
    ...game,
    displayNames: { EN: game.gameName, ...HOUSE_GAME_DISPLAY_NAMES[game.gameCode] },
    isHot: true,
    isNew: false,
    sort: index + 1,
    // Every in-house game is a solo round against the house: trial players play it with play money.
    supportsFreePlay: FREE_PLAY_CATEGORIES.includes(game.category) || game.category === 'PVP',
  }));
}

/**
 * How a lane's vendor tile opens: the house lottery lanes hold several real draws (5D every
 * 1, 3 and 5 minutes; VN and SEA), so the tile lists them for the member to choose.
 */
function laneLaunchMode(vendorCode: string, category: GameCategory): 'GAME' | 'VASSALAGE' {
  return vendorCode === HOUSE_VENDOR ? 'VASSALAGE' : LAUNCH_MODE[category];
}

/** Every seeded game, in a stable order; codes are unique per vendor. */
export function buildGameList(): GameSeed[] {
  const list: GameSeed[] = [];
  for (const vendor of VENDORS) {
    if (vendor.code === HOUSE_VENDOR) {
      for (const game of houseGameSeeds()) list.push({ vendorCode: vendor.code, ...game });
      continue;
    }
    const usedCodes = new Set<string>();
    for (const category of vendor.categories) {
      gameNamesFor(vendor.code, category).forEach((game, index) => {
        let gameCode = slugOf(game.name);
        if (usedCodes.has(gameCode)) gameCode = `${category.toLowerCase()}-${gameCode}`;
        usedCodes.add(gameCode);
        const hash = hashText(`${vendor.code}:${gameCode}`);
        list.push({
          vendorCode: vendor.code,
          category,
          gameCode,
          gameName: game.name,
          displayNames: { EN: game.name, ...game.displayNames },
          // The first game of each lane is hot so every vendor has one in the hot carousel.
          isHot: index === 0 || hash % 6 === 0,
          isNew: index !== 0 && hash % 8 === 3,
          sort: (index + 1) * 10,
          supportsFreePlay: FREE_PLAY_CATEGORIES.includes(category),
        });
      });
    }
  }
  return list;
}

/** Vendors, their category lanes, the merchant's enabled lanes and every game. */
export async function seedCatalogue(tx: DbOrTx, merchantId: number): Promise<void> {
  await tx
    .insert(vendors)
    .values(
      VENDORS.map((vendor, index) => ({
        code: vendor.code,
        name: vendor.name,
        logoUrl: vendorLogoUrl(vendor.code),
        isHouse: vendor.isHouse ?? false,
        sort: (index + 1) * 10,
      })),
    )
    .onConflictDoNothing({ target: vendors.code });
  const vendorRows = await tx.select({ id: vendors.id, code: vendors.code }).from(vendors);
  const vendorIds = new Map(vendorRows.map((row) => [row.code, row.id]));
  const vendorIdOf = (code: string): number => {
    const id = vendorIds.get(code);
    if (id === undefined) throw new Error(`vendor ${code} missing after insert`);
    return id;
  };

  // Only rows not there yet are inserted, so a reseed on every boot does not burn ids.
  const laneKey = (vendorId: number, category: string) => `${vendorId}:${category}`;
  const existingLanes = new Set(
    (await tx.select({ vendorId: vendorCategories.vendorId, category: vendorCategories.category }).from(vendorCategories)).map((row) =>
      laneKey(row.vendorId, row.category),
    ),
  );
  const laneRows = VENDORS.flatMap((vendor, vendorIndex) =>
    vendor.categories.map((category) => ({
      vendorId: vendorIdOf(vendor.code),
      category,
      vendorType: category,
      isGame: laneLaunchMode(vendor.code, category),
      // Vendors keep the list's order inside each category.
      sort: (GAME_CATEGORIES.indexOf(category) + 1) * 1000 + (vendorIndex + 1) * 10,
    })),
  );
  const missingLanes = laneRows.filter((row) => !existingLanes.has(laneKey(row.vendorId, row.category)));
  if (missingLanes.length > 0) {
    await tx
      .insert(vendorCategories)
      .values(missingLanes)
      .onConflictDoNothing({ target: [vendorCategories.vendorId, vendorCategories.category] });
  }

  // Only the seeded lanes are enabled: a lane an operator adds later is theirs to switch on.
  const seededLanes = new Set(laneRows.map((row) => laneKey(row.vendorId, row.category)));
  const lanes = (
    await tx
      .select({ id: vendorCategories.id, vendorId: vendorCategories.vendorId, category: vendorCategories.category })
      .from(vendorCategories)
  ).filter((lane) => seededLanes.has(laneKey(lane.vendorId, lane.category)));
  const enabledLanes = new Set(
    (
      await tx
        .select({ id: merchantVendorCategories.vendorCategoryId })
        .from(merchantVendorCategories)
        .where(eq(merchantVendorCategories.merchantId, merchantId))
    ).map((row) => row.id),
  );
  const missingEnablement = lanes.filter((lane) => !enabledLanes.has(lane.id));
  if (missingEnablement.length > 0) {
    await tx
      .insert(merchantVendorCategories)
      .values(missingEnablement.map((lane) => ({ merchantId, vendorCategoryId: lane.id, isEnabled: true })))
      .onConflictDoNothing();
  }

  const existingGames = new Set(
    (await tx.select({ vendorId: games.vendorId, gameCode: games.gameCode }).from(games)).map((row) => `${row.vendorId}:${row.gameCode}`),
  );
  const gameRows = buildGameList()
    .map((game) => ({
      vendorId: vendorIdOf(game.vendorCode),
      category: game.category,
      gameCode: game.gameCode,
      gameName: game.gameName,
      displayNames: game.displayNames,
      iconUrl: gameIconUrl(game.vendorCode, game.gameCode),
      largeIconUrl: gameIconUrl(game.vendorCode, game.gameCode, 'large'),
      isHot: game.isHot,
      isNew: game.isNew,
      sort: game.sort,
      supportsFreePlay: game.supportsFreePlay,
    }))
    .filter((row) => !existingGames.has(`${row.vendorId}:${row.gameCode}`));
  for (let start = 0; start < gameRows.length; start += INSERT_CHUNK) {
    await tx
      .insert(games)
      .values(gameRows.slice(start, start + INSERT_CHUNK))
      .onConflictDoNothing({ target: [games.vendorId, games.gameCode] });
  }
  await removeGeneratedHouseGames(tx, vendorIdOf(HOUSE_VENDOR));
}

/**
 * Older seeds filled the house vendor's lanes with generated names (Crash, Mines, Win Go ...)
 * that no in-house game answers to. Their favourites, recent plays and merchant settings go;
 * the row goes too unless a launch or a round names it (records are never rewritten), in
 * which case it is disabled and so left out of every list. A clean database has none.
 */
async function removeGeneratedHouseGames(tx: DbOrTx, houseVendorId: number): Promise<void> {
  const realCodes = houseGameSeeds().map((game) => game.gameCode);
  const stale = await tx
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.vendorId, houseVendorId), notInArray(games.gameCode, realCodes)));
  if (stale.length === 0) return;
  const ids = stale.map((row) => row.id);
  // Those seeds also launched the first game of a house lottery lane straight away; the lane now lists its games.
  await tx
    .update(vendorCategories)
    .set({ isGame: 'VASSALAGE' })
    .where(and(eq(vendorCategories.vendorId, houseVendorId), inArray(vendorCategories.category, ['LOTT', 'ELOTT'])));
  await tx.delete(gameFavourites).where(inArray(gameFavourites.gameId, ids));
  await tx.delete(gameRecentPlays).where(inArray(gameRecentPlays.gameId, ids));
  await tx.delete(merchantGames).where(inArray(merchantGames.gameId, ids));
  // Launches and rounds (game-launch's and vendor-wallet's tables) name a game by a foreign key:
  // each stale game is disabled, then deleted unless that key refuses (a record names it). The
  // delete runs in a savepoint, so a refusal leaves the seed's transaction going.
  await tx
    .update(games)
    .set({ status: 'DISABLED' })
    .where(and(inArray(games.id, ids), sql`${games.status} <> 'DISABLED'`));
  for (const id of ids) {
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint.delete(games).where(eq(games.id, id));
      });
    } catch (error) {
      if (sqlStateOf(error) !== FOREIGN_KEY_VIOLATION) throw error;
    }
  }
}
