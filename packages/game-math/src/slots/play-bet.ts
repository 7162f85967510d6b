import type { RandomSource } from '../fair/fair-stream';
import type { CompiledTitle } from './compile-title';
import { evaluateGrid, type GridEvaluation, windowAt } from './evaluate-grid';

export interface PlayedRound {
  readonly stops: readonly number[];
  readonly grid: readonly Int32Array[];
  readonly evaluation: GridEvaluation;
  readonly multiplier: number;
  /** Coins won, multiplier included. */
  readonly coins: number;
  /** Free spins this round added after the per-feature limit. */
  readonly freeSpinsAdded: number;
}

export interface PlayedBet {
  readonly base: PlayedRound;
  readonly freeSpins: readonly PlayedRound[];
  readonly totalCoins: number;
  /** totalCoins limited to the cap. */
  readonly paidCoins: number;
  readonly isCapped: boolean;
}

/**
 * The game itself, in coins: one base round and the whole feature it triggers, all drawn from
 * one random source in order (base stops, then each free spin's stops). `spin` formats this
 * for players; the RTP simulation calls it directly, so both run the same rules.
 */
export function playBet(compiled: CompiledTitle, random: RandomSource): PlayedBet {
  const { maxSpinsPerFeature, freeSpinMultiplier, capCoins } = compiled;
  const baseRound = playRound(compiled, compiled.baseStrips, random, 1);
  let awarded = Math.min(baseRound.evaluation.freeSpinAward, maxSpinsPerFeature);
  const base = { ...baseRound, freeSpinsAdded: awarded };
  let totalCoins = base.coins;
  const freeSpins: PlayedRound[] = [];
  // The cap ends the feature early: once reached, further spins could not change the payout.
  while (freeSpins.length < awarded && totalCoins < capCoins) {
    const round = playRound(compiled, compiled.freeStrips, random, freeSpinMultiplier);
    totalCoins += round.coins;
    const before = awarded;
    if (compiled.canRetrigger) awarded = Math.min(awarded + round.evaluation.freeSpinAward, maxSpinsPerFeature);
    freeSpins.push({ ...round, freeSpinsAdded: awarded - before });
  }
  const isCapped = totalCoins > capCoins;
  return { base, freeSpins, totalCoins, paidCoins: isCapped ? capCoins : totalCoins, isCapped };
}

function playRound(
  compiled: CompiledTitle,
  strips: readonly Int32Array[],
  random: RandomSource,
  multiplier: number,
): Omit<PlayedRound, 'freeSpinsAdded'> {
  // Each reel's stop is uniform over its strip; reels are drawn left to right.
  const stops = strips.map((strip) => random.nextInt(strip.length));
  const grid = windowAt(strips, stops, compiled.rows);
  const evaluation = evaluateGrid(compiled, grid);
  return { stops, grid, evaluation, multiplier, coins: (evaluation.lineCoins + evaluation.scatterCoins) * multiplier };
}
