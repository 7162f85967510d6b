import { desc, eq } from 'drizzle-orm';
import { gameFavourites } from '../../db/schema/games';
import type { DbOrTx } from '../../platform/db';

/** The member's favourite game ids, newest first. */
export async function listFavouriteGameIds(db: DbOrTx, memberId: number): Promise<number[]> {
  const rows = await db
    .select({ gameId: gameFavourites.gameId })
    .from(gameFavourites)
    .where(eq(gameFavourites.memberId, memberId))
    .orderBy(desc(gameFavourites.createdAt), desc(gameFavourites.gameId));
  return rows.map((row) => row.gameId);
}
