import type { GameCategory } from '@kismat/contracts/constants';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { games, merchantVendorCategories, vendorCategories, vendors } from '../../db/schema/catalogue';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { gameIconUrl, vendorLogoUrl } from './art-urls';

/** A game an aggregator offers under one studio, in the catalogue's vocabulary. */
export interface StudioGame {
  gameCode: string;
  name: string;
  category: GameCategory;
  /** The aggregator's art (absolute http(s) URL); null draws ours. */
  iconUrl: string | null;
  largeIconUrl: string | null;
  supportsFreePlay: boolean;
  /** Offered now; false (or absent from the list) disables our copy. */
  isEnabled: boolean;
}

export interface StudioSyncCounts {
  vendorId: number;
  added: number;
  updated: number;
  disabled: number;
  unchanged: number;
}

/** Lanes of aggregator studios sort after the seeded vendors of their category. */
const STUDIO_LANE_SORT = 900_000;

/**
 * Upserts one aggregator studio as a vendor of the catalogue with exactly the games listed
 * (issue 21): the vendor row (by code), a lane per category its games use, the merchant's lane
 * switch (on the first time; an operator's later "off" is kept), and every game by (vendor, code):
 * new ones added, changed ones updated, ones no longer listed (or listed disabled) DISABLED,
 * never deleted (launches and rounds name them). Idempotent: a second run with the same list
 * changes nothing and counts every game unchanged. A vendor code that is one of ours (a seeded
 * or house vendor, not an aggregator studio) is refused, so a studio cannot take it over.
 */
export async function upsertStudioGames(
  tx: DbOrTx,
  input: { merchantId: number; vendorCode: string; vendorName: string; games: readonly StudioGame[] },
): Promise<StudioSyncCounts> {
  const [vendor] = await tx
    .insert(vendors)
    .values({ code: input.vendorCode, name: input.vendorName, logoUrl: vendorLogoUrl(input.vendorCode), sort: STUDIO_LANE_SORT })
    .onConflictDoUpdate({ target: vendors.code, set: { name: input.vendorName } })
    .returning({ id: vendors.id, isHouse: vendors.isHouse });
  if (!vendor || vendor.isHouse) throw new AppError('CONFLICT');

  const categories = [...new Set(input.games.map((game) => game.category))];
  if (categories.length > 0) {
    await tx
      .insert(vendorCategories)
      .values(
        categories.map((category) => ({
          vendorId: vendor.id,
          category,
          vendorType: category,
          isGame: 'VASSALAGE',
          sort: STUDIO_LANE_SORT,
        })),
      )
      .onConflictDoNothing({ target: [vendorCategories.vendorId, vendorCategories.category] });
    const lanes = await tx.select({ id: vendorCategories.id }).from(vendorCategories).where(eq(vendorCategories.vendorId, vendor.id));
    await tx
      .insert(merchantVendorCategories)
      .values(lanes.map((lane) => ({ merchantId: input.merchantId, vendorCategoryId: lane.id, isEnabled: true })))
      .onConflictDoNothing();
  }

  const before = new Map(
    (
      await tx
        .select({
          gameCode: games.gameCode,
          category: games.category,
          gameName: games.gameName,
          iconUrl: games.iconUrl,
          largeIconUrl: games.largeIconUrl,
          status: games.status,
          supportsFreePlay: games.supportsFreePlay,
        })
        .from(games)
        .where(eq(games.vendorId, vendor.id))
    ).map((row) => [row.gameCode, row]),
  );
  const counts: StudioSyncCounts = { vendorId: vendor.id, added: 0, updated: 0, disabled: 0, unchanged: 0 };
  const listed = new Set<string>();
  for (const [index, game] of input.games.entries()) {
    if (listed.has(game.gameCode)) continue;
    listed.add(game.gameCode);
    const row = {
      category: game.category,
      gameName: game.name,
      iconUrl: game.iconUrl ?? gameIconUrl(input.vendorCode, game.gameCode),
      largeIconUrl: game.largeIconUrl ?? gameIconUrl(input.vendorCode, game.gameCode, 'large'),
      status: game.isEnabled ? 'ACTIVE' : 'DISABLED',
      supportsFreePlay: game.supportsFreePlay,
    };
    const old = before.get(game.gameCode);
    if (!old) {
      await tx.insert(games).values({
        vendorId: vendor.id,
        gameCode: game.gameCode,
        displayNames: { EN: game.name },
        sort: (index + 1) * 10,
        ...row,
      });
      counts.added += 1;
      continue;
    }
    const same =
      old.category === row.category &&
      old.gameName === row.gameName &&
      old.iconUrl === row.iconUrl &&
      old.largeIconUrl === row.largeIconUrl &&
      old.status === row.status &&
      old.supportsFreePlay === row.supportsFreePlay;
    if (same) {
      counts.unchanged += 1;
      continue;
    }
    await tx
      .update(games)
      .set({ ...row, displayNames: sql`${games.displayNames} || ${JSON.stringify({ EN: game.name })}::jsonb` })
      .where(and(eq(games.vendorId, vendor.id), eq(games.gameCode, game.gameCode)));
    if (row.status === 'DISABLED' && old.status !== 'DISABLED') counts.disabled += 1;
    else counts.updated += 1;
  }

  // Games the aggregator no longer lists: disabled, kept for the launches and rounds that name them.
  const gone = await tx
    .update(games)
    .set({ status: 'DISABLED' })
    .where(
      and(
        eq(games.vendorId, vendor.id),
        sql`${games.status} <> 'DISABLED'`,
        listed.size > 0 ? notInArray(games.gameCode, [...listed]) : undefined,
      ),
    )
    .returning({ id: games.id });
  counts.disabled += gone.length;
  return counts;
}
