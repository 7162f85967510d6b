import type { GameItem } from '@kismat/contracts/catalogue';
import type { Language } from '@kismat/contracts/languages';
import { and, asc, eq, sql } from 'drizzle-orm';
import { games, merchantGames, merchantVendorCategories, vendorCategories, vendors } from '../../db/schema/catalogue';
import type { DbOrTx } from '../../platform/db';
import {
  effectiveGameSort,
  effectiveIsHot,
  gameItemColumns,
  laneJoin,
  merchantGameJoin,
  merchantLaneJoin,
  offeredBy,
  presentGameItem,
  vendorJoin,
} from './game-items';

/** At most this many hot games in the carousel; the seed marks one per vendor lane. */
const HOT_GAMES_LIMIT = 48;

/** The hot-games carousel: isHot games the merchant offers, in lane order (favourite flags are the web's concern: it caches this per session). */
export async function listHotGames(
  db: DbOrTx,
  input: { merchantId: number; language: Language; vassalage?: string | undefined; now: Date },
): Promise<GameItem[]> {
  const rows = await db
    .select(gameItemColumns(input.language))
    .from(games)
    .innerJoin(vendors, vendorJoin)
    .innerJoin(vendorCategories, laneJoin)
    .innerJoin(merchantVendorCategories, merchantLaneJoin)
    .leftJoin(merchantGames, merchantGameJoin)
    .where(and(offeredBy(input.merchantId), effectiveIsHot, input.vassalage ? eq(vendors.code, input.vassalage.toUpperCase()) : undefined))
    .orderBy(asc(sql`coalesce(${merchantVendorCategories.sort}, ${vendorCategories.sort})`), asc(effectiveGameSort), asc(games.id))
    .limit(HOT_GAMES_LIMIT);
  return rows.map((row) => presentGameItem(row, input.now, new Set()));
}
