import { type CompiledTitle, compileTitle, MAX_KIND, REEL_COUNT } from './compile-title';
import { evaluateLine, type LineResult } from './evaluate-line';
import { featureMomentsByStart } from './free-spin-feature';
import type { SlotTitle } from './slot-types';

/**
 * Exact RTP from reel strips and paytable, by combinatorics rather than sampling:
 * - every visible position of a reel shows each symbol with probability count/length (stops
 *   are uniform and strips cyclic), reels are independent, and a payline reads one position per
 *   reel; so one line's win distribution is the product of the five reels' symbol counts, and
 *   every line has the same expectation. All symbol 5-tuples are enumerated and scored by the
 *   engine's own evaluateLine.
 * - the scatter count is the convolution of each reel's count of scatters in its window.
 * - the feature is valued by Wald's identity: E[feature] = multiplier x E[spins] x E[free spin],
 *   with E[spins] from the retrigger Markov chain (free spins are i.i.d.; the number played
 *   depends only on earlier spins).
 * The cap is not modelled here: titleStatistics proves it can never be reached.
 */
export interface ExactRtp {
  /** RTP as a fraction of the total bet. */
  readonly rtp: number;
  readonly rtpPercent: number;
  readonly baseLineRtp: number;
  readonly baseScatterRtp: number;
  readonly featureRtp: number;
  /** Probability that a paid spin triggers free spins. */
  readonly featureProbability: number;
  /** E[free spins played | feature triggered]. */
  readonly expectedFreeSpins: number;
  /** E[one free spin's win] in total bets, multiplier included. */
  readonly freeSpinRtp: number;
}

/** E[coins on one payline] as an exact fraction numerator / denominator (integers). */
export function expectedLineCoins(compiled: CompiledTitle, strips: readonly Int32Array[]): { numerator: number; denominator: number } {
  const reels = strips.map((strip) => {
    const counts = new Map<number, number>();
    for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    return [...counts.entries()];
  });
  const symbols = new Int32Array(REEL_COUNT);
  const result: LineResult = { symbol: -1, count: 0, pay: 0 };
  let numerator = 0;
  const visit = (reel: number, weight: number): void => {
    if (reel === MAX_KIND) {
      numerator += weight * evaluateLine(compiled, symbols, result).pay;
      return;
    }
    for (const [symbol, count] of reels[reel]!) {
      symbols[reel] = symbol;
      visit(reel + 1, weight * count);
    }
  };
  visit(0, 1);
  return { numerator, denominator: strips.reduce((product, strip) => product * strip.length, 1) };
}

/** counts[k] = number of stop combinations showing k scatters (total = product of lengths). */
export function scatterCountDistribution(compiled: CompiledTitle, strips: readonly Int32Array[]): number[] {
  let distribution = [1];
  for (const strip of strips) {
    const perReel = new Array<number>(compiled.rows + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop++) {
      let count = 0;
      for (let row = 0; row < compiled.rows; row++) if (strip[(stop + row) % strip.length] === compiled.scatter) count++;
      perReel[count]!++;
    }
    const next = new Array<number>(distribution.length + compiled.rows).fill(0);
    distribution.forEach((ways, already) => {
      perReel.forEach((reelWays, added) => {
        next[already + added]! += ways * reelWays;
      });
    });
    distribution = next;
  }
  return distribution;
}

export function computeExactRtp(title: SlotTitle): ExactRtp {
  const compiled = compileTitle(title);
  const { lineCount, scatterPayCoins, freeSpinAwards, freeSpinMultiplier, maxSpinsPerFeature } = compiled;

  const baseLine = expectedLineCoins(compiled, compiled.baseStrips);
  const baseScatters = scatterCountDistribution(compiled, compiled.baseStrips);
  const freeLine = expectedLineCoins(compiled, compiled.freeStrips);
  const freeScatters = scatterCountDistribution(compiled, compiled.freeStrips);
  const baseTotal = baseLine.denominator;
  const freeTotal = freeLine.denominator;

  // One line's expectation times the line count, over a total bet of lineCount coins.
  const baseLineRtp = baseLine.numerator / baseLine.denominator;
  const freeLineRtp = freeLine.numerator / freeLine.denominator;
  const scatterRtp = (distribution: number[], total: number) =>
    distribution.reduce((sum, ways, count) => sum + ways * scatterPayCoins[count]!, 0) / total / lineCount;
  const baseScatterRtp = scatterRtp(baseScatters, baseTotal);
  const freeSpinRtp = freeSpinMultiplier * (freeLineRtp + scatterRtp(freeScatters, freeTotal));

  const classes = freeScatters.map((ways, count) => ({
    probability: ways / freeTotal,
    meanCoins: 0,
    meanSquareCoins: 0,
    award: compiled.canRetrigger ? freeSpinAwards[count]! : 0,
  }));
  const byStart = featureMomentsByStart(classes, 1, maxSpinsPerFeature);

  let featureProbability = 0;
  let expectedSpinsPerPaidSpin = 0;
  baseScatters.forEach((ways, count) => {
    const start = Math.min(freeSpinAwards[count]!, maxSpinsPerFeature);
    if (start === 0) return;
    featureProbability += ways / baseTotal;
    expectedSpinsPerPaidSpin += (ways / baseTotal) * byStart[start]!.expectedSpins;
  });
  const featureRtp = expectedSpinsPerPaidSpin * freeSpinRtp;
  const rtp = baseLineRtp + baseScatterRtp + featureRtp;
  return {
    rtp,
    rtpPercent: rtp * 100,
    baseLineRtp,
    baseScatterRtp,
    featureRtp,
    featureProbability,
    expectedFreeSpins: featureProbability > 0 ? expectedSpinsPerPaidSpin / featureProbability : 0,
    freeSpinRtp,
  };
}
