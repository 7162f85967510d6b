import { dropPlinko, isValidPlinkoBet, type PlinkoBet } from '@kismat/game-math/originals/plinko';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findHouseGame } from '../house-games/index';
import { type OriginalPlayInput, openRound, type PlayedRound, SETTLING_STATUS } from './open-round';
import { presentOriginalRound } from './present-original-round';
import { readBalance } from './read-balance';
import { gameCodeOf, settleRound } from './settle-round';

export interface PlayPlinkoInput extends OriginalPlayInput {
  bet: PlinkoBet;
  stakeMinor: bigint;
}

/**
 * One plinko drop in ONE transaction: nonce, path (game-math dropPlinko on the round's stream),
 * stake debit, payout credit (every slot pays something), round row and closed game round. A
 * crash before COMMIT leaves nothing, after it everything; a retry with the same key replays.
 * The tables are fixed: the merchant's edge is stored with the round but does not change them.
 */
export async function playPlinko(db: Db, input: PlayPlinkoInput): Promise<PlayedRound> {
  if (!isValidPlinkoBet(input.bet)) throw new AppError('ORIGINALS_BET_INVALID');
  const game = await findHouseGame(db, gameCodeOf('PLINKO'));
  return db.transaction(async (tx) => {
    let drop: ReturnType<typeof dropPlinko> | null = null;
    const opened = await openRound(tx, { ...input, game: 'PLINKO', params: { rows: input.bet.rows, risk: input.bet.risk } }, (inputs) => {
      drop = dropPlinko(inputs, input.bet, input.stakeMinor);
      return { status: SETTLING_STATUS, outcome: { path: drop.path, slot: drop.slot } };
    });
    let row = opened.row;
    const dropped = drop as ReturnType<typeof dropPlinko> | null;
    if (!opened.isReplay && dropped) {
      row = await settleRound(tx, {
        row,
        game,
        accounts: input.accounts,
        multiplier: dropped.multiplier,
        payoutMinor: dropped.payoutMinor,
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
