import { RANK_LABELS, rankOf, suitOf } from '@kismat/game-math/originals/cards';
import { toMoneyString } from './stake';

/** Chip values in minor units: 1, 5, 10, 50, 100, 500. */
export const CHIPS: readonly bigint[] = [100n, 500n, 1_000n, 5_000n, 10_000n, 50_000n];

/** The stake on each bet of a card game's slip, minor units (a bet absent is not placed). */
export type CardSlip = Readonly<Record<string, bigint>>;

export const slipTotal = (slip: CardSlip): bigint => Object.values(slip).reduce((sum, stake) => sum + stake, 0n);

/** A chip on a bet, unless the slip would pass the table's maximum or the balance (then it is refused: the slip stays). */
export function addChip(slip: CardSlip, bet: string, chipMinor: bigint, limits: { maxMinor: bigint; balanceMinor: bigint }): CardSlip {
  const total = slipTotal(slip) + chipMinor;
  if (chipMinor <= 0n || total > limits.maxMinor || total > limits.balanceMinor) return slip;
  return { ...slip, [bet]: (slip[bet] ?? 0n) + chipMinor };
}

/** Every bet doubled, if the doubled slip still fits the maximum and the balance. */
export function doubleSlip(slip: CardSlip, limits: { maxMinor: bigint; balanceMinor: bigint }): CardSlip {
  const total = slipTotal(slip) * 2n;
  if (total === 0n || total > limits.maxMinor || total > limits.balanceMinor) return slip;
  return Object.fromEntries(Object.entries(slip).map(([bet, stake]) => [bet, stake * 2n]));
}

/** A slip the server takes: something placed, each bet at least the minimum, the total within the maximum and the balance. */
export function isSlipValid(slip: CardSlip, limits: { minMinor: bigint; maxMinor: bigint; balanceMinor: bigint }): boolean {
  const placed = Object.values(slip).filter((stake) => stake > 0n);
  const total = slipTotal(slip);
  return placed.length > 0 && placed.every((stake) => stake >= limits.minMinor) && total <= limits.maxMinor && total <= limits.balanceMinor;
}

/** The request's stakes: placed bets as money strings. */
export function slipStakes(slip: CardSlip): Record<string, string> {
  return Object.fromEntries(
    Object.entries(slip)
      .filter(([, stake]) => stake > 0n)
      .map(([bet, stake]) => [bet, toMoneyString(stake)]),
  );
}

const SUIT_GLYPHS = ['♠', '♥', '♣', '♦'] as const;
/** A card's rank and suit glyph ("10♥"), and whether it is red. */
export function cardFace(card: number): { rank: string; suit: string; isRed: boolean; label: string } {
  const rank = RANK_LABELS[rankOf(card)] ?? '?';
  const suit = SUIT_GLYPHS[suitOf(card)] ?? '?';
  const isRed = suitOf(card) === 1 || suitOf(card) === 3;
  return { rank, suit, isRed, label: `${rank}${suit}` };
}
