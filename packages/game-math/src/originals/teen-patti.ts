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
const valueOf = (card: number): number => (rankOf(card) === 0 ? 14 : rankOf(card) + 1);

/**
 * A hand's strength as one integer: category x 16^3 + tie-break digits (base 16), so hands
 * compare by plain integer order.
 */
export function handStrength(cards: readonly number[]): number {
  if (cards.length !== 3) throw new RangeError('a teen patti hand has three cards');
  const [a, b, c] = cards.map(valueOf).sort((x, y) => y - x) as [number, number, number];
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
