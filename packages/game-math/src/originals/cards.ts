import type { RandomSource } from '../fair/fair-stream';
import { MULTIPLIER_SCALE, payoutFor } from './house-edge';

/**
 * Playing cards of the card originals (Dragon Tiger, Andar Bahar, Teen Patti). A card is an
 * integer 0..51: rank = card % 13 (0 = Ace, 1 = Two, ..., 9 = Ten, 10 = Jack, 11 = Queen,
 * 12 = King), suit = floor(card / 13) (0 spades, 1 hearts, 2 clubs, 3 diamonds). A shoe of d
 * decks holds positions 0..52d-1 and position p is card p % 52.
 *
 * Dealing is the front-to-back Fisher–Yates pass of fair/shuffle (drawWithoutReplacement): the
 * i-th card dealt is position i + nextInt(size - i) of the shoe after the earlier swaps, each
 * index drawn by rejection sampling from the round's byte stream, so every order of the shoe is
 * equally likely and the deal is a pure function of (server seed, client seed, nonce).
 */
export const CARDS_PER_DECK = 52;
export const RANKS = 13;
export const SUITS = ['S', 'H', 'C', 'D'] as const;
export const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

export const rankOf = (card: number): number => card % RANKS;
export const suitOf = (card: number): number => Math.floor(card / RANKS);
/** "10H", "AS", "QD". */
export const cardLabel = (card: number): string => `${RANK_LABELS[rankOf(card)]}${SUITS[suitOf(card)]}`;

/**
 * A shoe dealt one card at a time (the first steps of a Fisher–Yates shuffle run front to back):
 * a game stops drawing as soon as its round is decided, and the cards it did draw are exactly the
 * first cards of the shuffle the whole shoe would have had.
 */
export class ShuffledShoe {
  private readonly swapped = new Map<number, number>();
  private dealt = 0;

  constructor(
    readonly decks: number,
    private readonly random: RandomSource,
  ) {
    if (!Number.isInteger(decks) || decks < 1 || decks > 8) throw new RangeError('decks must be 1..8');
  }

  get size(): number {
    return this.decks * CARDS_PER_DECK;
  }

  /** The next card (0..51). */
  next(): number {
    if (this.dealt >= this.size) throw new RangeError('shoe exhausted');
    const index = this.dealt;
    const pick = index + this.random.nextInt(this.size - index);
    const value = this.swapped.get(pick) ?? pick;
    this.swapped.set(pick, this.swapped.get(index) ?? index);
    this.dealt++;
    return value % CARDS_PER_DECK;
  }
}

/** An exact probability (numerator / denominator, bigint). */
export interface Chance {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

/** One line of a bet's exact return distribution: the multiplier (1/10,000, stake included) and its chance. */
export interface ReturnLine {
  readonly multiplier: number;
  readonly chance: Chance;
}

/** RTP of a distribution, as a float (exact rational computed in bigint first, 10^-15 resolution). */
export function rtpOf(lines: readonly ReturnLine[]): number {
  return Number(scaledMoment(lines, 1, 10n ** 15n)) / 1e15;
}

/** Standard deviation of the return per unit stake. */
export function sdOf(lines: readonly ReturnLine[]): number {
  const mean = rtpOf(lines);
  const second = Number(scaledMoment(lines, 2, 10n ** 15n)) / 1e15;
  return Math.sqrt(second - mean * mean);
}

function scaledMoment(lines: readonly ReturnLine[], power: 1 | 2, scale: bigint): bigint {
  // Common denominator: the product is exact; the distributions here have a handful of lines.
  let numerator = 0n;
  let denominator = 1n;
  for (const line of lines) {
    const value = BigInt(line.multiplier) ** BigInt(power);
    numerator = numerator * line.chance.denominator + value * line.chance.numerator * denominator;
    denominator *= line.chance.denominator;
  }
  const unit = BigInt(MULTIPLIER_SCALE) ** BigInt(power);
  return (numerator * scale) / (denominator * unit);
}

/** The sum of chances of a distribution is exactly 1 (tests). */
export function isComplete(lines: readonly ReturnLine[]): boolean {
  let numerator = 0n;
  let denominator = 1n;
  for (const line of lines) {
    numerator = numerator * line.chance.denominator + line.chance.numerator * denominator;
    denominator *= line.chance.denominator;
  }
  return numerator === denominator;
}

/** A bet slip of a card game: the stake on each bet (minor units; 0 = not placed). */
export type CardStakes<Bet extends string> = Readonly<Record<Bet, bigint>>;

export interface SettledBet<Bet extends string> {
  readonly bet: Bet;
  readonly stakeMinor: bigint;
  /** What this bet returns, stake included, in 1/10,000 (0 = lost, 10,000 = stake back). */
  readonly multiplier: number;
  readonly payoutMinor: bigint;
}

/** Settles each placed bet at its multiplier, rounding each payout down to the minor unit. */
export function settleStakes<Bet extends string>(
  bets: readonly Bet[],
  stakes: CardStakes<Bet>,
  multiplierOf: (bet: Bet) => number,
): { bets: SettledBet<Bet>[]; stakeMinor: bigint; payoutMinor: bigint } {
  const settled: SettledBet<Bet>[] = [];
  let stakeMinor = 0n;
  let payoutMinor = 0n;
  for (const bet of bets) {
    const stake = stakes[bet];
    if (stake <= 0n) continue;
    const multiplier = multiplierOf(bet);
    const payout = payoutFor(stake, multiplier);
    settled.push({ bet, stakeMinor: stake, multiplier, payoutMinor: payout });
    stakeMinor += stake;
    payoutMinor += payout;
  }
  return { bets: settled, stakeMinor, payoutMinor };
}

/** Every stake is a non-negative whole number of minor units and at least one is placed. */
export function isValidStakes<Bet extends string>(
  bets: readonly Bet[],
  stakes: Partial<Record<string, bigint>>,
): stakes is CardStakes<Bet> {
  const keys = Object.keys(stakes);
  if (!keys.every((key) => (bets as readonly string[]).includes(key))) return false;
  if (!bets.every((bet) => typeof stakes[bet] === 'bigint' && (stakes[bet] as bigint) >= 0n)) return false;
  return bets.some((bet) => (stakes[bet] as bigint) > 0n);
}
