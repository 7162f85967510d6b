import type { RandomSource } from '../fair/fair-stream';
import { CARDS_PER_DECK, rankOf, ShuffledShoe, suitOf } from './cards';

/**
 * Teen Patti, player against the dealer (the casino form of the game): one 52-card deck shuffled
 * afresh each round from the round's nonce; three cards each, dealt alternately player first.
 *
 * Hand ranking, best first (the standard Teen Patti order):
 *   TRAIL (three of a kind) > PURE_SEQUENCE (straight flush) > SEQUENCE (straight) >
 *   COLOUR (flush) > PAIR > HIGH_CARD.
 * Ace is high, and also low in A-2-3. Sequences rank A-K-Q first, then A-2-3, then K-Q-J down to
 * 2-3-4. Within a category: trails by rank; pairs by the pair, then the odd card; colours and
 * high cards card by card from the highest. Suits never rank: equal hands tie.
 */
export const TEEN_PATTI_HANDS = ['HIGH_CARD', 'PAIR', 'COLOUR', 'SEQUENCE', 'PURE_SEQUENCE', 'TRAIL'] as const;
export type TeenPattiHand = (typeof TEEN_PATTI_HANDS)[number];

/** Ace high: 2..14. */
const cardValue = (card: number): number => (rankOf(card) === 0 ? 14 : rankOf(card) + 1);

/**
 * A hand's strength as one integer: category x 16^3 + tie-break digits (base 16), so hands
 * compare by plain integer order.
 */
export function handStrength(cards: readonly number[]): number {
  if (cards.length !== 3) throw new RangeError('a teen patti hand has three cards');
  const [a, b, c] = cards.map(cardValue).sort((x, y) => y - x) as [number, number, number];
  const isColour = suitOf(cards[0]!) === suitOf(cards[1]!) && suitOf(cards[1]!) === suitOf(cards[2]!);
  // Sequence key: A-K-Q 15, A-2-3 14, K-Q-J 13 ... 2-3-4 4 (the top card).
  let sequence = 0;
  if (a === b + 1 && b === c + 1) sequence = a === 14 ? 15 : a;
  else if (a === 14 && b === 3 && c === 2) sequence = 14;
  const category = (name: TeenPattiHand) => TEEN_PATTI_HANDS.indexOf(name) * 4096;
  if (a === c) return category('TRAIL') + a * 256;
  if (sequence) return category(isColour ? 'PURE_SEQUENCE' : 'SEQUENCE') + sequence * 256;
  if (isColour) return category('COLOUR') + a * 256 + b * 16 + c;
  if (a === b) return category('PAIR') + a * 256 + c * 16;
  if (b === c) return category('PAIR') + b * 256 + a * 16;
  return category('HIGH_CARD') + a * 256 + b * 16 + c;
}

export function handOf(strength: number): TeenPattiHand {
  return TEEN_PATTI_HANDS[Math.floor(strength / 4096)]!;
}

/** The dealer qualifies with Queen-high or better: the weakest such hand is Q-3-2 (Q-2-3 is not a sequence). */
export const DEALER_QUALIFIES_AT = 12 * 256 + 3 * 16 + 2;

export interface TeenPattiDeal {
  readonly player: number[];
  readonly dealer: number[];
  readonly playerHand: TeenPattiHand;
  readonly dealerHand: TeenPattiHand;
  readonly dealerQualifies: boolean;
  readonly winner: 'PLAYER' | 'DEALER' | 'TIE';
}

/** Player, dealer, player, dealer, player, dealer from a fresh deck. */
export function dealTeenPatti(random: RandomSource): TeenPattiDeal {
  const shoe = new ShuffledShoe(1, random);
  const player: number[] = [];
  const dealer: number[] = [];
  for (let index = 0; index < 3; index++) {
    player.push(shoe.next());
    dealer.push(shoe.next());
  }
  return describeDeal(player, dealer);
}

export function describeDeal(player: number[], dealer: number[]): TeenPattiDeal {
  const mine = handStrength(player);
  const theirs = handStrength(dealer);
  return {
    player,
    dealer,
    playerHand: handOf(mine),
    dealerHand: handOf(theirs),
    dealerQualifies: theirs >= DEALER_QUALIFIES_AT,
    winner: mine > theirs ? 'PLAYER' : mine < theirs ? 'DEALER' : 'TIE',
  };
}

export const ALL_HANDS_COUNT = (CARDS_PER_DECK * (CARDS_PER_DECK - 1) * (CARDS_PER_DECK - 2)) / 6;

/** Ante bonus (paid on the ante whatever the dealer holds, when the player plays): sequence 1:1, trail 4:1, pure sequence 5:1. */
export const ANTE_BONUS: Readonly<Partial<Record<TeenPattiHand, number>>> = { SEQUENCE: 1, TRAIL: 4, PURE_SEQUENCE: 5 };

/** What the dealer's hand does against one player hand: counts of the 18,424 dealer hands disjoint from it. */
export interface DealerCounts {
  /** Dealer below Queen-high (ante paid 1:1, play returned). */
  readonly unqualified: number;
  /** Dealer qualifies and the player is higher / equal / lower. */
  readonly playerWins: number;
  readonly ties: number;
  readonly dealerWins: number;
}

/**
 * For every player hand (index into `allHands()`), how the dealer's possible hands fall, by an
 * exact count: all hands of a given strength class from sorted prefix counts, minus the hands
 * that share a card with the player's (they cannot be dealt), enumerated directly. About 22,100 x
 * 3,400 steps instead of the 407 million pairs of a full enumeration.
 */
export function dealerCountsByHand(): { hands: number[][]; strengths: number[]; counts: DealerCounts[] } {
  const hands = allHands();
  const strengths = hands.map(handStrength);
  const sorted = [...strengths].sort((a, b) => a - b);
  const qualifiedSorted = sorted.filter((s) => s >= DEALER_QUALIFIES_AT);
  const totalUnqualified = sorted.length - qualifiedSorted.length;
  // Typed copies for the hot loop: each hand's cards as a bit mask of 52 bits split in two words.
  const low = new Uint32Array(hands.length);
  const high = new Uint32Array(hands.length);
  const strengthOf = Int32Array.from(strengths);
  hands.forEach((hand, index) => {
    for (const card of hand) {
      if (card < 26) low[index]! |= 1 << card;
      else high[index]! |= 1 << (card - 26);
    }
  });
  const byCard: Int32Array[] = Array.from({ length: CARDS_PER_DECK }, () => new Int32Array(0));
  const lists: number[][] = Array.from({ length: CARDS_PER_DECK }, () => []);
  hands.forEach((hand, index) => {
    for (const card of hand) lists[card]!.push(index);
  });
  lists.forEach((list, card) => {
    byCard[card] = Int32Array.from(list);
  });
  const counts = hands.map((hand, index) => {
    const s = strengthOf[index]!;
    let unqualified = totalUnqualified;
    let lower = lowerBound(qualifiedSorted, s);
    let equal = lowerBound(qualifiedSorted, s + 1) - lower;
    let higher = qualifiedSorted.length - lower - equal;
    // Each hand sharing a card with the player's, once: under its first shared card.
    let seenLow = 0;
    let seenHigh = 0;
    for (const card of hand) {
      const list = byCard[card]!;
      for (let at = 0; at < list.length; at++) {
        const other = list[at]!;
        if ((low[other]! & seenLow) !== 0 || (high[other]! & seenHigh) !== 0) continue;
        const o = strengthOf[other]!;
        if (o < DEALER_QUALIFIES_AT) unqualified--;
        else if (o < s) lower--;
        else if (o === s) equal--;
        else higher--;
      }
      if (card < 26) seenLow |= 1 << card;
      else seenHigh |= 1 << (card - 26);
    }
    return { unqualified, playerWins: lower, ties: equal, dealerWins: higher };
  });
  return { hands, strengths, counts };
}

/** Every three-card hand, cards ascending, in lexicographic order. */
export function allHands(): number[][] {
  const hands: number[][] = [];
  for (let a = 0; a < CARDS_PER_DECK; a++)
    for (let b = a + 1; b < CARDS_PER_DECK; b++) for (let c = b + 1; c < CARDS_PER_DECK; c++) hands.push([a, b, c]);
  return hands;
}

function lowerBound(list: number[], value: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The ante with the player's Play/Fold choice (the casino rules of three-card poker, Teen Patti
 * ranking): after seeing the cards the player folds (loses the ante) or plays (a second bet equal
 * to the ante). Dealer below Queen-high: ante pays 1:1, play is returned. Dealer qualifies: the
 * higher hand wins both bets 1:1, a tie returns both. The ante bonus pays on a played hand. The
 * exact expected return per unit of ante, in units of 1 / (22,100 x 18,424), for the strategy that
 * plays exactly the hands whose expected return playing beats folding (the optimal strategy).
 */
export function anteAnalysis(table: ReturnType<typeof dealerCountsByHand> = dealerCountsByHand()): {
  playedHands: number;
  returnNumerator: bigint;
  denominator: bigint;
  weakestPlayed: number[];
} {
  const { hands, counts, strengths } = table;
  const dealerHands = 18_424n;
  let returnNumerator = 0n;
  let playedHands = 0;
  let weakestPlayed: number[] = [];
  let weakestStrength = Number.POSITIVE_INFINITY;
  hands.forEach((hand, index) => {
    const count = counts[index]!;
    const strength = strengths[index]!;
    const bonus = BigInt(ANTE_BONUS[handOf(strength)] ?? 0);
    // Net results per ante unit (stake 1 ante + 1 play when played).
    const play =
      BigInt(count.unqualified) * (1n + bonus) +
      BigInt(count.playerWins) * (2n + bonus) +
      BigInt(count.ties) * bonus -
      BigInt(count.dealerWins) * (2n - bonus);
    const fold = -dealerHands;
    if (play > fold) {
      playedHands++;
      returnNumerator += play;
      if (strength < weakestStrength) {
        weakestStrength = strength;
        weakestPlayed = hand;
      }
    } else returnNumerator += fold;
  });
  // Return per ante = 1 + net / (hands x dealer hands).
  const denominator = BigInt(hands.length) * dealerHands;
  return { playedHands, returnNumerator: denominator + returnNumerator, denominator, weakestPlayed };
}
