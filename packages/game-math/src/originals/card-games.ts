import { createFairStream, type RandomSource } from '../fair/fair-stream';
import type { SeedInputs } from '../fair/seed-inputs';
import {
  ANDAR_BAHAR_BETS,
  type AndarBaharBet,
  type AndarBaharDeal,
  andarBaharDistribution,
  andarBaharMultiplier,
  dealAndarBahar,
} from './andar-bahar';
import { type ReturnLine, type SettledBet, settleStakes } from './cards';
import {
  DRAGON_TIGER_BETS,
  type DragonTigerBet,
  type DragonTigerDeal,
  dealDragonTiger,
  dragonTigerDistribution,
  dragonTigerMultiplier,
} from './dragon-tiger';
import { dealTeenPatti, type TeenPattiDeal } from './teen-patti';
import { anteDistribution, pairPlusDistribution, TEEN_PATTI_SETTLED_BETS, teenPattiMultiplier } from './teen-patti-round';

/**
 * The card originals behind one face, for the server (deal and settle a round) and the verify
 * page (replay it): each game's bets, its deal from the round's stream, what a bet returns on a
 * deal (1/10,000, stake included), and each bet's exact return distribution. A deal is plain
 * JSON (card numbers, labels), stored as the round's outcome.
 */
export interface CardGameRules {
  readonly bets: readonly string[];
  deal(random: RandomSource): object;
  multiplierOf(bet: string, deal: object): number;
  distribution(bet: string): ReturnLine[];
  /** A game whose bets depend on each other (Teen Patti: the PLAY stake is the decision) settles the slip as a whole. */
  settle?(deal: object, stakes: Readonly<Record<string, bigint>>): Omit<CardGameResult, 'deal'>;
}

let anteLines: ReturnLine[] | undefined;

export const CARD_GAME_RULES: Readonly<Record<'DRAGON_TIGER' | 'ANDAR_BAHAR' | 'TEEN_PATTI', CardGameRules>> = {
  DRAGON_TIGER: {
    bets: DRAGON_TIGER_BETS,
    deal: dealDragonTiger,
    multiplierOf: (bet, deal) => dragonTigerMultiplier(bet as DragonTigerBet, deal as DragonTigerDeal),
    distribution: (bet) => dragonTigerDistribution(bet as DragonTigerBet),
  },
  ANDAR_BAHAR: {
    bets: ANDAR_BAHAR_BETS,
    deal: dealAndarBahar,
    multiplierOf: (bet, deal) => andarBaharMultiplier(bet as AndarBaharBet, deal as AndarBaharDeal),
    distribution: (bet) => andarBaharDistribution(bet as AndarBaharBet),
  },
  /**
   * Teen Patti (teen-patti-round.ts), dealt in two steps on the server; replayed here from the
   * settled slip: ANTE, PAIR_PLUS, and PLAY = the ante when the player played, 0 (or absent) when
   * they folded. The ANTE line is ANTE + PLAY per unit of ante under the optimal strategy.
   */
  TEEN_PATTI: {
    bets: TEEN_PATTI_SETTLED_BETS,
    deal: dealTeenPatti,
    multiplierOf: (bet, deal) => teenPattiMultiplier(bet as 'ANTE' | 'PLAY' | 'PAIR_PLUS', deal as TeenPattiDeal, 'PLAY'),
    distribution: (bet) => {
      if (bet === 'PAIR_PLUS') return pairPlusDistribution();
      anteLines ??= anteDistribution();
      return anteLines;
    },
    settle: (deal, stakes) => {
      const play = stakes.PLAY ?? 0n;
      const ante = stakes.ANTE ?? 0n;
      // A played hand's PLAY stake equals its ante (the server only takes that); anything else is no valid round.
      if (play !== 0n && play !== ante) throw new RangeError('the play stake equals the ante');
      const decision = play > 0n ? 'PLAY' : 'FOLD';
      const all = { ANTE: ante, PLAY: play, PAIR_PLUS: stakes.PAIR_PLUS ?? 0n };
      return settleStakes(TEEN_PATTI_SETTLED_BETS, all, (bet) => teenPattiMultiplier(bet, deal as TeenPattiDeal, decision));
    },
  },
};
export type CardGameId = keyof typeof CARD_GAME_RULES;

export function isCardGame(game: string): game is CardGameId {
  return Object.hasOwn(CARD_GAME_RULES, game);
}

export interface CardGameResult {
  readonly deal: object;
  readonly bets: SettledBet<string>[];
  readonly stakeMinor: bigint;
  readonly payoutMinor: bigint;
}

/** Settles a slip on a deal (bets absent from `stakes` are not placed). */
export function settleCardGame(game: CardGameId, deal: object, stakes: Readonly<Record<string, bigint>>): Omit<CardGameResult, 'deal'> {
  const rules = CARD_GAME_RULES[game];
  if (rules.settle) return rules.settle(deal, stakes);
  const full = Object.fromEntries(rules.bets.map((bet) => [bet, stakes[bet] ?? 0n]));
  return settleStakes(rules.bets, full, (bet) => rules.multiplierOf(bet, deal));
}

/** One round of a card game: a pure function of (server seed, client seed, nonce) and the stakes. */
export function playCardGame(game: CardGameId, inputs: SeedInputs, stakes: Readonly<Record<string, bigint>>): CardGameResult {
  const deal = CARD_GAME_RULES[game].deal(createFairStream(inputs));
  return { deal, ...settleCardGame(game, deal, stakes) };
}
