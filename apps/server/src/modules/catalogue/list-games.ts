import type { GameClassify, GamePage } from '@kismat/contracts/catalogue';
import type { GameCategory } from '@kismat/contracts/constants';
import type { Language } from '@kismat/contracts/languages';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { games, merchantGames, merchantVendorCategories, vendorCategories, vendors } from '../../db/schema/catalogue';
import { gameFavourites, gameRecentPlays } from '../../db/schema/games';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { containsPattern } from '../../platform/like-pattern';
import {
  effectiveGameSort,
  effectiveIsHot,
  effectiveIsNew,
  findFavouriteIds,
  type GameItemRow,
  gameItemColumns,
  laneJoin,
  merchantGameJoin,
  merchantLaneJoin,
  offeredBy,
  presentGameItem,
  vendorJoin,
} from './game-items';

export interface ListGamesInput {
  merchantId: number;
  /** The logged-in member, or null for a visitor (FAV and RECENT then need a login). */
  memberId: number | null;
  language: Language;
  gameType?: GameCategory | undefined;
  vassalage?: string | undefined;
  classify: GameClassify;
  keyword?: string | undefined;
  pageNo: number;
  pageSize: number;
  now: Date;
}

/** Escapes LIKE wildcards so a search for "50%" means the text. */

/**
 * One page of the merchant's games with the spec's filters (NEW, HOT, FAV, RECENT, ALL), newest
 * favourite or play first for FAV and RECENT, else in the merchant's lane order then game order.
 * The total comes from a window count in the same query.
 */
export async function listGames(db: DbOrTx, input: ListGamesInput): Promise<GamePage> {
  if ((input.classify === 'FAV' || input.classify === 'RECENT') && input.memberId === null) throw new AppError('AUTH_REQUIRED');
  const memberId = input.memberId ?? 0;
  const conditions: (SQL | undefined)[] = [offeredBy(input.merchantId)];
  if (input.gameType) conditions.push(eq(games.category, input.gameType));
  if (input.vassalage) conditions.push(eq(vendors.code, input.vassalage.toUpperCase()));
  if (input.classify === 'NEW') conditions.push(effectiveIsNew);
  if (input.classify === 'HOT') conditions.push(effectiveIsHot);
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    conditions.push(or(ilike(games.gameName, pattern), sql`${games.displayNames}->>${input.language} ilike ${pattern}`));
  }

  const laneOrder = sql`coalesce(${merchantVendorCategories.sort}, ${vendorCategories.sort})`;
  const base = db
    .select({ ...gameItemColumns(input.language), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(games)
    .innerJoin(vendors, vendorJoin)
    .innerJoin(vendorCategories, laneJoin)
    .innerJoin(merchantVendorCategories, merchantLaneJoin)
    .leftJoin(merchantGames, merchantGameJoin);

  const offset = (input.pageNo - 1) * input.pageSize;
  let rows: (GameItemRow & { total: number })[];
  if (input.classify === 'FAV') {
    rows = await base
      .innerJoin(gameFavourites, and(eq(gameFavourites.gameId, games.id), eq(gameFavourites.memberId, memberId)))
      .where(and(...conditions))
      .orderBy(desc(gameFavourites.createdAt), asc(games.id))
      .limit(input.pageSize)
      .offset(offset);
  } else if (input.classify === 'RECENT') {
    rows = await base
      .innerJoin(gameRecentPlays, and(eq(gameRecentPlays.gameId, games.id), eq(gameRecentPlays.memberId, memberId)))
      .where(and(...conditions))
      .orderBy(desc(gameRecentPlays.playedAt), asc(games.id))
      .limit(input.pageSize)
      .offset(offset);
  } else {
    rows = await base
      .where(and(...conditions))
      .orderBy(asc(laneOrder), asc(effectiveGameSort), asc(games.id))
      .limit(input.pageSize)
      .offset(offset);
  }

  const total = rows[0]?.total ?? (offset > 0 ? await countGames(db, input, conditions) : 0);
  const favouriteIds =
    input.classify === 'FAV'
      ? new Set(rows.map((row) => row.id))
      : await findFavouriteIds(
          db,
          input.memberId,
          rows.map((row) => row.id),
        );
  return {
    list: rows.map((row) => presentGameItem(row, input.now, favouriteIds)),
    pageNo: input.pageNo,
    pageSize: input.pageSize,
    total,
    totalPage: Math.ceil(total / input.pageSize),
  };
}

/** The total when the page is past the end (the window count then has no row to ride on). */
async function countGames(db: DbOrTx, input: ListGamesInput, conditions: (SQL | undefined)[]): Promise<number> {
  const memberId = input.memberId ?? 0;
  let query = db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(games)
    .innerJoin(vendors, vendorJoin)
    .innerJoin(vendorCategories, laneJoin)
    .innerJoin(merchantVendorCategories, merchantLaneJoin)
    .leftJoin(merchantGames, merchantGameJoin)
    .$dynamic();
  if (input.classify === 'FAV') {
    query = query.innerJoin(gameFavourites, and(eq(gameFavourites.gameId, games.id), eq(gameFavourites.memberId, memberId)));
  }
  if (input.classify === 'RECENT') {
    query = query.innerJoin(gameRecentPlays, and(eq(gameRecentPlays.gameId, games.id), eq(gameRecentPlays.memberId, memberId)));
  }
  const [row] = await query.where(and(...conditions));
  return row?.total ?? 0;
}
