import type { RandomSource } from '../fair/fair-stream';
import { CARDS_PER_DECK, type ReturnLine, rankOf, ShuffledShoe } from './cards';

/**
 * Andar Bahar (the published single-deck rules, as Wizard of Odds describes the casino game):
 * one 52-card deck shuffled afresh each round from the round's nonce. The first card is the
 * joker (the middle card). Cards are then dealt alternately to Andar (first) and Bahar until a
 * card of the joker's rank appears; the side it lands on wins. Because Andar receives the first
 * card it wins more often (51.50% against 48.50%, see below), so:
 * - ANDAR pays 0.9:1 (1.9x back);
 * - BAHAR pays 1:1 (2x back).
 * Side bet CARDS_DEALT (not offered yet) would be on how many cards were dealt.
 */
export const ANDAR_BAHAR_BETS = ['ANDAR', 'BAHAR'] as const;
export type AndarBaharBet = (typeof ANDAR_BAHAR_BETS)[number];
export const ANDAR_BAHAR_MULTIPLIERS: Readonly<Record<AndarBaharBet, number>> = { ANDAR: 19_000, BAHAR: 20_000 };

export interface AndarBaharDeal {
  readonly joker: number;
  /** Cards dealt to each side, in order (the winning card is the last card of its side). */
  readonly andar: number[];
  readonly bahar: number[];
  readonly winner: AndarBaharBet;
  /** Cards dealt after the joker, 1..49. */
  readonly cardsDealt: number;
}

export function dealAndarBahar(random: RandomSource): AndarBaharDeal {
  const shoe = new ShuffledShoe(1, random);
  const joker = shoe.next();
  const andar: number[] = [];
  const bahar: number[] = [];
  for (let dealt = 1; ; dealt++) {
    const card = shoe.next();
    const side = dealt % 2 === 1 ? andar : bahar;
    side.push(card);
    if (rankOf(card) === rankOf(joker)) return { joker, andar, bahar, winner: side === andar ? 'ANDAR' : 'BAHAR', cardsDealt: dealt };
  }
}

export function andarBaharMultiplier(bet: AndarBaharBet, deal: Pick<AndarBaharDeal, 'winner'>): number {
  return deal.winner === bet ? ANDAR_BAHAR_MULTIPLIERS[bet] : 0;
}

const choose = (n: number, k: number): bigint => {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let index = 1; index <= k; index++) result = (result * BigInt(n - k + index)) / BigInt(index);
  return result;
};

/**
 * P(the first card of the joker's rank is the k-th dealt), closed form: after the joker, 51
 * cards remain, 3 of them of its rank, their positions a uniformly random 3-subset of 1..51; the
 * first is at k when the other two are among the 51 - k later positions:
 *   P(k) = C(51 - k, 2) / C(51, 3),   k = 1..49.
 * Andar gets the odd positions: P(Andar) = sum over odd k of C(51 - k, 2) / C(51, 3)
 * = 10,725 / 20,825 (and P(Bahar) = 10,100 / 20,825), so Andar at 0.9:1 returns
 * 1.9 x 10,725 / 20,825 = 97.8511% (house edge 2.15%) and Bahar at 1:1 returns
 * 2 x 10,100 / 20,825 = 96.9988% (3.00%).
 */
export function andarBaharPositionChance(k: number): { numerator: bigint; denominator: bigint } {
  return { numerator: choose(CARDS_PER_DECK - 1 - k, 2), denominator: choose(CARDS_PER_DECK - 1, 3) };
}

export function andarBaharWinChance(side: AndarBaharBet): { numerator: bigint; denominator: bigint } {
  let numerator = 0n;
  for (let k = 1; k <= CARDS_PER_DECK - 3; k++)
    if ((k % 2 === 1) === (side === 'ANDAR')) numerator += andarBaharPositionChance(k).numerator;
  return { numerator, denominator: choose(CARDS_PER_DECK - 1, 3) };
}

export function andarBaharDistribution(bet: AndarBaharBet): ReturnLine[] {
  const win = andarBaharWinChance(bet);
  return [
    { multiplier: ANDAR_BAHAR_MULTIPLIERS[bet], chance: win },
    { multiplier: 0, chance: { numerator: win.denominator - win.numerator, denominator: win.denominator } },
  ];
}
