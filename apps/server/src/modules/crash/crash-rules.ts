import { CRASH_MAX_EDGE_BASIS_POINTS, CRASH_MIN_EDGE_BASIS_POINTS } from '@kismat/game-math/crash/crash-point';
import type { Merchant } from '../../platform/merchant';

/** The betting window: bets are taken from the round's opening until this much later. */
export const CRASH_BETTING_MS = 7_000;
/** How long a crashed round stays on screen before the next one opens. */
export const CRASH_PAUSE_MS = 3_000;
/** Rounds per hash chain (about a day and a half of rounds); a new chain is committed when one runs out. */
export const CRASH_CHAIN_LENGTH = 10_000;
/** The default house edge: 1 % (merchant setting `crashHouseEdgeBp`). */
export const CRASH_DEFAULT_EDGE_BASIS_POINTS = 100;
export const CRASH_MIN_STAKE_MINOR = 100n;
export const CRASH_MAX_STAKE_MINOR = 10_000_000n;
/** How many bets of the current round the state and the feed show. */
export const CRASH_FEED_SIZE = 50;
export const CRASH_HISTORY_SIZE = 24;

/** The merchant's crash house edge in basis points, fixed on each new chain (so a change never touches a published chain). */
export function crashEdgeOf(merchant: Pick<Merchant, 'settings'>): number {
  const value = (merchant.settings as Record<string, unknown>).crashHouseEdgeBp;
  if (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= CRASH_MIN_EDGE_BASIS_POINTS &&
    value <= CRASH_MAX_EDGE_BASIS_POINTS
  ) {
    return value;
  }
  return CRASH_DEFAULT_EDGE_BASIS_POINTS;
}

/** "player123" -> "pl*****23": the live feed shows who plays without naming them. */
export function maskPlayer(name: string): string {
  if (name.length <= 4) return `${name.slice(0, 1)}***`;
  return `${name.slice(0, 2)}${'*'.repeat(Math.min(5, name.length - 4))}${name.slice(-2)}`;
}
