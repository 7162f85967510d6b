import { isValidMineCount, placeMines } from '@kismat/game-math/originals/mines';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findHouseGame } from '../house-games/index';
import { type OriginalPlayInput, openRound, type PlayedRound } from './open-round';
import { presentOriginalRound } from './present-original-round';
import { readBalance } from './read-balance';
import { gameCodeOf } from './settle-round';

export interface StartMinesInput extends OriginalPlayInput {
  mineCount: number;
  stakeMinor: bigint;
}

/**
 * Opens a mines round in ONE transaction: the stake is debited and the mines fixed from the next
 * nonce (game-math placeMines), the row stays OPEN until a mine or a cash-out. Committed, the
 * round survives any crash or reload (GET mines/open resumes it); the mines stay in the row,
 * never in an answer, until it is settled. One open round per member.
 */
export async function startMines(db: Db, input: StartMinesInput): Promise<PlayedRound> {
  if (!isValidMineCount(input.mineCount)) throw new AppError('ORIGINALS_BET_INVALID');
  // The round is recorded under its catalogue game when it settles; fail before taking a stake if it is missing.
  await findHouseGame(db, gameCodeOf('MINES'));
  return db.transaction(async (tx) => {
    const opened = await openRound(tx, { ...input, game: 'MINES', params: { mineCount: input.mineCount } }, (inputs) => ({
      status: 'OPEN',
      outcome: { mineTiles: placeMines(inputs, input.mineCount) },
    }));
    return {
      round: presentOriginalRound(opened.row, opened.seed),
      balanceMinor: await readBalance(tx, input.accounts.memberAccountId),
      isReplay: opened.isReplay,
    };
  });
}
