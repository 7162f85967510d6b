import { and, eq } from 'drizzle-orm';
import { gameFavourites } from '../../db/schema/games';
import type { DbOrTx } from '../../platform/db';

/** Removes a favourite; removing one that is not there is not an error (the web's rollback may repeat it). */
export async function removeFavouriteGame(db: DbOrTx, input: { memberId: number; nodeId: number }): Promise<void> {
  await db.delete(gameFavourites).where(and(eq(gameFavourites.memberId, input.memberId), eq(gameFavourites.gameId, input.nodeId)));
}
