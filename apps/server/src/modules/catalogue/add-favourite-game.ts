import { eq } from 'drizzle-orm';
import { games, vendors } from '../../db/schema/catalogue';
import { gameFavourites } from '../../db/schema/games';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';

/** Finds the game a favourite call names; the vendor and type, when sent, must match it. */
export async function findFavouriteTarget(
  db: DbOrTx,
  input: { nodeId: number; vendor?: string | undefined; gameType?: string | undefined },
): Promise<{ id: number }> {
  const [game] = await db
    .select({ id: games.id, vendorCode: vendors.code, category: games.category })
    .from(games)
    .innerJoin(vendors, eq(vendors.id, games.vendorId))
    .where(eq(games.id, input.nodeId))
    .limit(1);
  if (!game) throw new AppError('NOT_FOUND');
  if (input.vendor && input.vendor.toUpperCase() !== game.vendorCode) throw new AppError('NOT_FOUND');
  if (input.gameType && input.gameType !== game.category) throw new AppError('NOT_FOUND');
  return game;
}

/** Adds a favourite; adding it again keeps the one row (and its original time). */
export async function addFavouriteGame(
  db: DbOrTx,
  input: { memberId: number; nodeId: number; vendor?: string | undefined; gameType?: string | undefined; now: Date },
): Promise<void> {
  const game = await findFavouriteTarget(db, input);
  await db.insert(gameFavourites).values({ memberId: input.memberId, gameId: game.id, createdAt: input.now }).onConflictDoNothing();
}
