import { sql } from 'drizzle-orm';
import { gameRecentPlays } from '../../db/schema/games';
import type { DbOrTx } from '../../platform/db';

/** Recent games: the last launch of each game, with a play count (the launcher records it; the catalogue lists it). */
export async function recordRecentPlay(db: DbOrTx, memberId: number, gameId: number, now: Date): Promise<void> {
  await db
    .insert(gameRecentPlays)
    .values({ memberId, gameId, playedAt: now })
    .onConflictDoUpdate({
      target: [gameRecentPlays.memberId, gameRecentPlays.gameId],
      set: { playedAt: now, playCount: sql`${gameRecentPlays.playCount} + 1` },
    });
}
