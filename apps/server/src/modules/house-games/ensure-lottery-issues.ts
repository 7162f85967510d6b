import { lotteryIssues } from '../../db/schema/house-games';
import type { Db } from '../../platform/db';
import { createSealedServerSeed } from './fairness-seeds';
import { currentIssueIndex, issueSlot, LOTTERY_GAMES } from './lottery-games';

/**
 * Creates the issue on sale and the next one for every game, each with its seed committed at
 * creation: the next issue's commitment is public a whole period before it opens. The seed is
 * stored only sealed (seed-vault.ts): a database reader learns nothing from it. Idempotent
 * (unique game and issue number), so every node may run it.
 */
export async function ensureLotteryIssues(db: Db, now: Date): Promise<void> {
  const rows = LOTTERY_GAMES.flatMap((game) => {
    const current = currentIssueIndex(game, now);
    return [current, current + 1].map((index) => ({ game, slot: issueSlot(game, index) }));
  }).map(({ game, slot }) => ({ gameCode: game.gameCode, kind: game.kind, ...slot, ...createSealedServerSeed() }));
  await db.insert(lotteryIssues).values(rows).onConflictDoNothing();
}
