import { ORIGINAL_GAME_CODES } from '@kismat/contracts/originals';
import { createFairStream } from '@kismat/game-math/fair/fair-stream';
import { CARD_GAME_RULES, type CardGameId, settleCardGame } from '@kismat/game-math/originals/card-games';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findHouseGame } from '../house-games/index';
import { MAX_STAKE_MINOR, MIN_STAKE_MINOR } from './house-edge-setting';
import { type OriginalPlayInput, openRound, type PlayedRound, SETTLING_STATUS } from './open-round';
import { presentOriginalRound } from './present-original-round';
import { readBalance } from './read-balance';
import { settleRound } from './settle-round';

export interface PlayCardRoundInput extends OriginalPlayInput {
  game: CardGameId;
  /** Stake per bet in minor units; bets not placed are absent or 0. */
  stakes: Readonly<Record<string, bigint>>;
}

/**
 * The slip as stored (params): every bet of the game with its stake in minor units as text, "0"
 * when not placed, so a retry is compared bet by bet. Each placed bet is at least the minimum
 * stake and the slip's total at most the maximum (attack: many tiny bets, or one slip above the
 * table limit split across bets).
 */
export function cardSlipOf(
  game: CardGameId,
  stakes: Readonly<Record<string, bigint>>,
): { params: Record<string, string>; totalMinor: bigint } {
  const rules = CARD_GAME_RULES[game];
  if (!Object.keys(stakes).every((bet) => rules.bets.includes(bet))) throw new AppError('ORIGINALS_BET_INVALID');
  let totalMinor = 0n;
  const params: Record<string, string> = {};
  for (const bet of rules.bets) {
    const stake = stakes[bet] ?? 0n;
    if (stake < 0n || (stake > 0n && stake < MIN_STAKE_MINOR)) throw new AppError('ORIGINALS_BET_INVALID');
    totalMinor += stake;
    params[bet] = stake.toString();
  }
  if (totalMinor <= 0n || totalMinor > MAX_STAKE_MINOR) throw new AppError('ORIGINALS_BET_INVALID');
  return { params, totalMinor };
}

/** The stakes of a stored slip. */
export function cardStakesOf(params: unknown): Record<string, bigint> {
  return Object.fromEntries(Object.entries(params as Record<string, string>).map(([bet, stake]) => [bet, BigInt(stake)]));
}

/**
 * One card round (Dragon Tiger, Andar Bahar, Teen Patti) in ONE transaction: nonce, the deal
 * from the round's stream (game-math card-games), the slip's total debited, every bet settled on
 * the deal and the sum credited, round row and closed game round (category PVP). A crash before
 * COMMIT leaves nothing, after it everything; a retry with the same key replays the first answer
 * and the same key with another slip is IDEMPOTENCY_CONFLICT.
 */
export async function playCardRound(db: Db, input: PlayCardRoundInput): Promise<PlayedRound> {
  const { params, totalMinor } = cardSlipOf(input.game, input.stakes);
  const game = await findHouseGame(db, ORIGINAL_GAME_CODES[input.game]);
  return db.transaction(async (tx) => {
    const opened = await openRound(tx, { ...input, stakeMinor: totalMinor, params }, (inputs) => ({
      status: SETTLING_STATUS,
      outcome: { ...CARD_GAME_RULES[input.game].deal(createFairStream(inputs)) },
    }));
    let row = opened.row;
    if (!opened.isReplay) {
      const settled = settleCardGame(input.game, row.outcome as object, cardStakesOf(params));
      row = await settleRound(tx, {
        row,
        game,
        accounts: input.accounts,
        // The slip's overall return (what the history shows); each bet's own is in the round's cards.bets.
        multiplier: Number((settled.payoutMinor * 10_000n) / totalMinor),
        payoutMinor: settled.payoutMinor,
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
