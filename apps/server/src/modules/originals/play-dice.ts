import { createFairStream } from '@kismat/game-math/fair/fair-stream';
import { type DiceBet, diceMultiplier, isDiceWin, isValidDiceBet, rollDice } from '@kismat/game-math/originals/dice';
import { payoutFor } from '@kismat/game-math/originals/house-edge';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findHouseGame } from '../house-games/index';
import { type OriginalPlayInput, openRound, type PlayedRound, SETTLING_STATUS } from './open-round';
import { presentOriginalRound } from './present-original-round';
import { readBalance } from './read-balance';
import { gameCodeOf, settleRound } from './settle-round';

export interface PlayDiceInput extends OriginalPlayInput {
  bet: DiceBet;
  stakeMinor: bigint;
}

/**
 * One dice roll in ONE transaction: nonce, roll (game-math rollDice on the round's stream),
 * stake debit, payout credit, round row and closed game round. A crash before COMMIT leaves
 * nothing, after it everything; a retry with the same key replays the first answer.
 */
export async function playDice(db: Db, input: PlayDiceInput): Promise<PlayedRound> {
  if (!isValidDiceBet(input.bet)) throw new AppError('ORIGINALS_BET_INVALID');
  const game = await findHouseGame(db, gameCodeOf('DICE'));
  const multiplier = diceMultiplier(input.bet.chance, input.houseEdgeBp);
  return db.transaction(async (tx) => {
    const opened = await openRound(
      tx,
      { ...input, game: 'DICE', params: { direction: input.bet.direction, chance: input.bet.chance } },
      (inputs) => ({ status: SETTLING_STATUS, outcome: { roll: rollDice(createFairStream(inputs)) } }),
    );
    let row = opened.row;
    if (!opened.isReplay) {
      const isWin = isDiceWin((row.outcome as { roll: number }).roll, input.bet);
      row = await settleRound(tx, {
        row,
        game,
        accounts: input.accounts,
        multiplier: isWin ? multiplier : 0,
        payoutMinor: isWin ? payoutFor(input.stakeMinor, multiplier) : 0n,
        now: input.now,
      });
    }
    return {
      round: presentOriginalRound(row, opened.seed),
      balanceMinor: await readBalance(tx, input.accounts.memberAccountId),
      isReplay: opened.isReplay,
    };
  });
}
