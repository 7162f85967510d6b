/**
 * Payline sets for 5 reels x 3 rows (0 = top, 1 = middle, 2 = bottom). Literal tables rather
 * than generated ones: a payline is part of the disclosed game rules and must not move when
 * code changes.
 */

export const STANDARD_25_PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2],
  [1, 0, 2, 0, 1],
  [1, 2, 0, 2, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
];

/** The standard 25 followed by 25 more zig-zags (neighbouring rows differ by at most one). */
export const EXTENDED_50_PAYLINES: readonly (readonly number[])[] = [
  ...STANDARD_25_PAYLINES,
  [0, 0, 0, 0, 1],
  [0, 0, 0, 1, 0],
  [0, 0, 0, 1, 1],
  [0, 0, 0, 1, 2],
  [0, 0, 1, 0, 0],
  [0, 0, 1, 1, 0],
  [0, 0, 1, 1, 1],
  [0, 1, 0, 0, 0],
  [0, 1, 1, 0, 0],
  [0, 1, 1, 2, 1],
  [0, 1, 2, 2, 2],
  [1, 0, 0, 1, 2],
  [1, 1, 1, 0, 0],
  [1, 1, 1, 2, 2],
  [1, 2, 2, 1, 0],
  [2, 1, 0, 0, 0],
  [2, 1, 1, 0, 0],
  [2, 1, 2, 2, 2],
  [2, 2, 1, 1, 1],
  [2, 2, 1, 2, 2],
  [2, 2, 2, 1, 0],
  [2, 2, 2, 1, 1],
  [2, 2, 2, 1, 2],
  [2, 2, 2, 2, 1],
  [1, 2, 1, 1, 1],
];
