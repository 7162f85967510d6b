import type { GameCategory } from '@kismat/contracts/constants';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { games, merchantGames, merchantVendorCategories, vendorCategories, vendors } from '../../db/schema/catalogue';
import type { DbOrTx } from '../../platform/db';
import {
  effectiveGameSort,
  gameMaintenanceColumns,
  isGameInMaintenance,
  laneJoin,
  merchantGameJoin,
  merchantLaneJoin,
  offeredBy,
  vendorJoin,
} from './game-items';

export interface VendorEntryInput {
  merchantId: number;
  vassalage: string;
  gameType?: GameCategory | undefined;
  /** The free-trial launch: games the vendor offers free play for come first. */
  prefersFreePlay: boolean;
  now: Date;
}

/**
 * The game a vendor launch opens when no game is named: the first game the merchant offers of
 * that vendor (in that category when given), in the game list's order (lane, then game order),
 * skipping games in maintenance (a free trial: games with free play first). When every candidate is in maintenance the first is returned,
 * so the launch answers GAME_MAINTENANCE with its suggestions; null when the merchant offers none.
 */
export async function findVendorEntryGame(db: DbOrTx, input: VendorEntryInput): Promise<number | null> {
  const rows = await db
    .select({
      id: games.id,
      status: games.status,
      ...gameMaintenanceColumns(),
    })
    .from(games)
    .innerJoin(vendors, vendorJoin)
    .innerJoin(vendorCategories, laneJoin)
    .innerJoin(merchantVendorCategories, merchantLaneJoin)
    .leftJoin(merchantGames, merchantGameJoin)
    .where(
      and(
        offeredBy(input.merchantId),
        eq(vendors.code, input.vassalage.toUpperCase()),
        input.gameType ? eq(games.category, input.gameType) : undefined,
      ),
    )
    .orderBy(
      ...(input.prefersFreePlay ? [desc(games.supportsFreePlay)] : []),
      asc(sql`coalesce(${merchantVendorCategories.sort}, ${vendorCategories.sort})`),
      asc(effectiveGameSort),
      asc(games.id),
    )
    .limit(500);
  const open = rows.find((row) => !isGameInMaintenance(row, input.now));
  return (open ?? rows[0])?.id ?? null;
}
