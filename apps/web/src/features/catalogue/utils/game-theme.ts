/**
 * Spec section 9: game tiles use 12 theme classes cycling 1 to 6 by nodeId: six colour themes,
 * each with a tile class and a matching counter-badge class.
 */
export const THEME_COUNT = 6;

export type GameThemeNumber = 1 | 2 | 3 | 4 | 5 | 6;

function numericNodeId(nodeId: string | number): number {
  if (typeof nodeId === 'number' && Number.isFinite(nodeId)) return Math.abs(Math.trunc(nodeId));
  const text = String(nodeId);
  if (/^\d+$/.test(text)) return Number(text.slice(-9));
  let sum = 0;
  for (const char of text) sum = (sum + (char.codePointAt(0) ?? 0)) % 1_000_000_007;
  return sum;
}

/** 1..6, cycling with the node id: 1 -> 1, 6 -> 6, 7 -> 1. */
export function gameThemeNumber(nodeId: string | number): GameThemeNumber {
  const value = numericNodeId(nodeId);
  return (((((value - 1) % THEME_COUNT) + THEME_COUNT) % THEME_COUNT) + 1) as GameThemeNumber;
}

/** The two class names (of the 12) a tile wears: `theme-N` and `counter-N`. */
export function gameThemeClasses(nodeId: string | number): { tile: `theme${GameThemeNumber}`; counter: `counter${GameThemeNumber}` } {
  const number = gameThemeNumber(nodeId);
  return { tile: `theme${number}`, counter: `counter${number}` };
}
