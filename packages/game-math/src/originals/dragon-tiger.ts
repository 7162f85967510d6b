import { createFairStream, type RandomSource } from '../fair/fair-stream';
import type { SeedInputs } from '../fair/seed-inputs';
import { type CardStakes, type ReturnLine, rankOf, type SettledBet, ShuffledShoe, settleStakes } from './cards';

/**
 * Dragon Tiger (the published eight-deck rules of the large live casinos, e.g. Evolution's):
 * one card to Dragon, then one to Tiger, from an eight-deck shoe (416 cards) shuffled afresh
 * for every round from the round's nonce. Ace is low (1), King high (13); suits do not rank.
 *
 * Bets and what they return (stake included, 1/10,000 units):
 * - DRAGON / TIGER: the higher card pays 1:1 (2x); on a tie the bet loses half (0.5x back);
 * - TIE: both cards of the same rank pays 11:1 (12x);
 * - SUITED_TIE: same rank and same suit pays 50:1 (51x).
 * The tables are fixed; the merchant's edge setting does not change them.
 */
export const DRAGON_TIGER_DECKS = 8;
export const DRAGON_TIGER_BETS = ['DRAGON', 'TIGER', 'TIE', 'SUITED_TIE'] as const;
export type DragonTigerBet = (typeof DRAGON_TIGER_BETS)[number];
export type DragonTigerWinner = 'DRAGON' | 'TIGER' | 'TIE';

export const DRAGON_TIGER_MULTIPLIERS = {
  win: 20_000,
  tieHalfBack: 5_000,
  tie: 120_000,
  suitedTie: 510_000,
} as const;

export interface DragonTigerDeal {
  /** Cards 0..51 (cards.ts). */
  readonly dragon: number;
  readonly tiger: number;
  readonly winner: DragonTigerWinner;
  readonly isSuitedTie: boolean;
}

export interface DragonTigerResult extends DragonTigerDeal {
  readonly bets: SettledBet<DragonTigerBet>[];
  readonly stakeMinor: bigint;
  readonly payoutMinor: bigint;
}

/** Dragon's card, then Tiger's, from a fresh eight-deck shoe. */
export function dealDragonTiger(random: RandomSource): DragonTigerDeal {
  const shoe = new ShuffledShoe(DRAGON_TIGER_DECKS, random);
  const dragon = shoe.next();
  const tiger = shoe.next();
  const order = rankOf(dragon) - rankOf(tiger);
  return { dragon, tiger, winner: order > 0 ? 'DRAGON' : order < 0 ? 'TIGER' : 'TIE', isSuitedTie: dragon === tiger };
}

/** What one bet returns on a deal (1/10,000, stake included). */
export function dragonTigerMultiplier(bet: DragonTigerBet, deal: Pick<DragonTigerDeal, 'winner' | 'isSuitedTie'>): number {
  const m = DRAGON_TIGER_MULTIPLIERS;
  switch (bet) {
    case 'DRAGON':
    case 'TIGER':
      return deal.winner === bet ? m.win : deal.winner === 'TIE' ? m.tieHalfBack : 0;
    case 'TIE':
      return deal.winner === 'TIE' ? m.tie : 0;
    case 'SUITED_TIE':
      return deal.isSuitedTie ? m.suitedTie : 0;
  }
}

/** One round: a pure function of (server seed, client seed, nonce) and the stakes. */
export function playDragonTiger(inputs: SeedInputs, stakes: CardStakes<DragonTigerBet>): DragonTigerResult {
  const deal = dealDragonTiger(createFairStream(inputs));
  return { ...deal, ...settleStakes(DRAGON_TIGER_BETS, stakes, (bet) => dragonTigerMultiplier(bet, deal)) };
}

/**
 * The exact return distribution of a bet, closed form. The shoe holds 416 cards, 32 of each
 * rank and 8 of each card. Given Dragon's card, Tiger's is uniform over the other 415:
 * 7 are the same card (suited tie), 31 - 7 = 24 the same rank in another suit, 384 another rank,
 * half of them lower and half higher by symmetry (for each rank pair (r, s), Dragon r / Tiger s
 * and Dragon s / Tiger r are equally likely).
 *   P(tie) = 31/415, P(suited tie) = 7/415, P(Dragon wins) = P(Tiger wins) = 192/415.
 */
export function dragonTigerDistribution(bet: DragonTigerBet): ReturnLine[] {
  const of = (numerator: number) => ({ numerator: BigInt(numerator), denominator: 415n });
  const m = DRAGON_TIGER_MULTIPLIERS;
  switch (bet) {
    case 'DRAGON':
    case 'TIGER':
      return [
        { multiplier: m.win, chance: of(192) },
        { multiplier: m.tieHalfBack, chance: of(31) },
        { multiplier: 0, chance: of(192) },
      ];
    case 'TIE':
      return [
        { multiplier: m.tie, chance: of(31) },
        { multiplier: 0, chance: of(384) },
      ];
    case 'SUITED_TIE':
      return [
        { multiplier: m.suitedTie, chance: of(7) },
        { multiplier: 0, chance: of(408) },
      ];
  }
}
