import type { OriginalRound } from '@kismat/contracts/originals';
import { payoutFor } from '@kismat/game-math/originals/house-edge';
import { minesMultiplier } from '@kismat/game-math/originals/mines';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findHouseGame, type PlayAccounts } from '../house-games/index';
import { lockOriginalRound } from './lock-original-round';
import { type MinesParams, picksOf, presentOriginalRound } from './present-original-round';
import { readBalance } from './read-balance';
import { gameCodeOf, settleRound } from './settle-round';

/**
 * Cashes an open mines round out in ONE transaction, the round row locked: pays the stake times
 * the multiplier of its safe tiles, records the game round, marks it WON. Attack: many parallel
 * cash-outs (double tap, a script) hoping to be paid more than once; they queue on the row lock,
 * the first settles, every later one finds it WON and answers it unchanged (isReplay), and the
 * payout transfer's key would refuse a second payment anyway. A lost round cannot be cashed out.
 */
export async function cashOutMines(
  db: Db,
  input: { memberId: number; accounts: PlayAccounts; roundId: number; now: Date },
): Promise<{ round: OriginalRound; balanceMinor: bigint; isReplay: boolean }> {
  const game = await findHouseGame(db, gameCodeOf('MINES'));
  return db.transaction(async (tx) => {
    const { row, commitment } = await lockOriginalRound(tx, { memberId: input.memberId, roundId: input.roundId, game: 'MINES' });
    const answer = async (current: typeof row, isReplay: boolean) => ({
      round: presentOriginalRound(current, { commitment }),
      balanceMinor: await readBalance(tx, input.accounts.memberAccountId),
      isReplay,
    });
    if (row.status === 'WON') return answer(row, true);
    if (row.status === 'LOST') throw new AppError('MINES_ROUND_SETTLED');
    const picks = picksOf(row);
    if (picks.length === 0) throw new AppError('MINES_MOVE_INVALID');
    const multiplier = minesMultiplier((row.params as MinesParams).mineCount, picks.length, row.houseEdgeBp);
    const won = await settleRound(tx, {
      row,
      game,
      accounts: input.accounts,
      multiplier,
      payoutMinor: payoutFor(row.stakeMinor, multiplier),
      now: input.now,
    });
    return answer(won, false);
  });
}
