import { payoutFor } from '@kismat/game-math/originals/house-edge';
import { minesMultiplier } from '@kismat/game-math/originals/mines';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findHouseGame, type HouseGame, type PlayAccounts } from '../house-games/index';
import { lockOriginalRound } from './lock-original-round';
import type { PlayedRound } from './open-round';
import { type MinesParams, type OriginalRoundRow, picksOf, presentOriginalRound } from './present-original-round';
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
): Promise<PlayedRound> {
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
    return answer(await settleMinesWon(tx, { row, game, accounts: input.accounts, picks, now: input.now }), false);
  });
}

/** Pays an open mines round the multiplier of its safe picks: a cash-out, or the board's last safe tile revealed. */
export function settleMinesWon(
  tx: Tx,
  input: { row: OriginalRoundRow; game: HouseGame; accounts: PlayAccounts; picks: number[]; now: Date },
): Promise<OriginalRoundRow> {
  const multiplier = minesMultiplier((input.row.params as MinesParams).mineCount, input.picks.length, input.row.houseEdgeBp);
  return settleRound(tx, { ...input, multiplier, payoutMinor: payoutFor(input.row.stakeMinor, multiplier) });
}
