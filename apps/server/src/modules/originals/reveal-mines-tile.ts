import { MINES_TILES } from '@kismat/game-math/originals/mines';
import { eq } from 'drizzle-orm';
import { originalRounds } from '../../db/schema/originals';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findHouseGame, type PlayAccounts } from '../house-games/index';
import { settleMinesWon } from './cash-out-mines';
import { lockOriginalRound } from './lock-original-round';
import type { PlayedRound } from './open-round';
import { type MinesOutcome, type MinesParams, picksOf, presentOriginalRound } from './present-original-round';
import { readBalance } from './read-balance';
import { gameCodeOf, settleRound } from './settle-round';

/**
 * Reveals one tile of an open mines round in ONE transaction, the round row locked: a mine
 * settles it LOST; the last safe tile of the board cashes it out at once. Revealing a tile
 * already picked answers the round as it is (isReplay: a retried tap never counts twice; attack:
 * tapping the same known-safe tile to climb the multiplier). A settled round refuses new tiles.
 */
export async function revealMinesTile(
  db: Db,
  input: { memberId: number; accounts: PlayAccounts; roundId: number; tile: number; now: Date },
): Promise<PlayedRound> {
  if (!Number.isInteger(input.tile) || input.tile < 0 || input.tile >= MINES_TILES) throw new AppError('MINES_MOVE_INVALID');
  const game = await findHouseGame(db, gameCodeOf('MINES'));
  return db.transaction(async (tx) => {
    const { row, commitment } = await lockOriginalRound(tx, { memberId: input.memberId, roundId: input.roundId, game: 'MINES' });
    const picks = picksOf(row);
    const answer = async (current: typeof row, isReplay: boolean) => ({
      round: presentOriginalRound(current, { commitment }),
      balanceMinor: await readBalance(tx, input.accounts.memberAccountId),
      isReplay,
    });
    if (picks.includes(input.tile)) return answer(row, true);
    if (row.status !== 'OPEN') throw new AppError('MINES_ROUND_SETTLED');

    const { mineCount } = row.params as MinesParams;
    const { mineTiles } = row.outcome as MinesOutcome;
    const nextPicks = [...picks, input.tile];
    if (mineTiles.includes(input.tile)) {
      const lost = await settleRound(tx, {
        row,
        game,
        accounts: input.accounts,
        multiplier: 0,
        payoutMinor: 0n,
        picks: nextPicks,
        now: input.now,
      });
      return answer(lost, false);
    }
    if (nextPicks.length === MINES_TILES - mineCount) {
      return answer(await settleMinesWon(tx, { row, game, accounts: input.accounts, picks: nextPicks, now: input.now }), false);
    }
    const [updated] = await tx.update(originalRounds).set({ picks: nextPicks }).where(eq(originalRounds.id, row.id)).returning();
    if (!updated) throw new Error('mines round not updated');
    return answer(updated, false);
  });
}
