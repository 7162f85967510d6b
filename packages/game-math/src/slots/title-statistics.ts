import { compileTitle } from './compile-title';
import { featureExponentialMomentByStart, featureMomentsByStart } from './free-spin-feature';
import { enumerateGridMoments } from './grid-enumeration';
import type { SlotTitle } from './slot-types';

/**
 * The full exact profile of a title from complete enumeration of base and free-spin stop
 * combinations plus the feature's Markov chain: the per-bet mean, variance (which sets the
 * simulation's confidence interval), hit frequency, the largest possible payout and a bound
 * on what the max-win cap can take off the RTP. Figures are per paid spin, in total bets.
 */
export interface TitleStatistics {
  readonly rtp: number;
  readonly variance: number;
  readonly standardDeviation: number;
  /** P(the base spin pays anything or triggers free spins). */
  readonly hitFrequency: number;
  readonly featureProbability: number;
  /** Largest base-game grid win (lines + scatter). */
  readonly maxBaseWin: number;
  /** Largest single free-spin grid win, multiplier included. */
  readonly maxFreeSpinWin: number;
  /** An upper bound on what one bet can pay uncapped: max base + longest feature x max free spin. */
  readonly maxPossibleWin: number;
  /** True when maxPossibleWin stays below the cap, so the cap can never change a payout. */
  readonly isCapUnreachable: boolean;
  /**
   * Upper bound of E[(X - cap)+], what the cap takes off the RTP (in total bets), and of
   * P(X >= cap), by Chernoff: for theta > 0, (x - c)+ <= exp(theta (x - c)) / (theta e) and
   * 1[x >= c] <= exp(theta (x - c)); minimised over a few theta. Zero when the cap is unreachable.
   */
  readonly capRtpEffectBound: number;
  readonly capProbabilityBound: number;
  readonly baseCombinations: number;
  readonly freeCombinations: number;
}

/** Chernoff parameters per total bet; kept small so exp() of the largest possible win stays finite. */
const THETAS_PER_TOTAL_BET = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05];

export function computeTitleStatistics(title: SlotTitle): TitleStatistics {
  const compiled = compileTitle(title);
  const { lineCount, freeSpinAwards, freeSpinMultiplier: multiplier, maxSpinsPerFeature } = compiled;
  const thetas = THETAS_PER_TOTAL_BET.map((theta) => theta / lineCount);
  const base = enumerateGridMoments(compiled, compiled.baseStrips, thetas);
  const free = enumerateGridMoments(
    compiled,
    compiled.freeStrips,
    thetas.map((theta) => theta * multiplier),
  );

  const classes = free.classes.map((moments, count) => ({
    probability: moments.weight / free.combinations,
    meanCoins: moments.weight > 0 ? moments.sum / moments.weight : 0,
    meanSquareCoins: moments.weight > 0 ? moments.sumSquares / moments.weight : 0,
    award: compiled.canRetrigger ? freeSpinAwards[count]! : 0,
  }));
  const feature = featureMomentsByStart(classes, multiplier, maxSpinsPerFeature);
  const featureExponential = thetas.map((_, index) =>
    featureExponentialMomentByStart(
      classes,
      free.classes.map((moments) => (moments.weight > 0 ? moments.exponential[index]! / moments.weight : 1)),
      maxSpinsPerFeature,
    ),
  );

  let mean = 0;
  let meanSquare = 0;
  let hits = 0;
  let featureProbability = 0;
  const exponential = thetas.map(() => 0);
  base.classes.forEach((moments, count) => {
    if (moments.weight === 0) return;
    const probability = moments.weight / base.combinations;
    const baseMean = moments.sum / moments.weight;
    const baseMeanSquare = moments.sumSquares / moments.weight;
    const start = Math.min(freeSpinAwards[count]!, maxSpinsPerFeature);
    const { meanCoins, meanSquareCoins } = feature[start]!;
    if (start > 0) featureProbability += probability;
    // Given the scatter count, the base grid and the feature are independent.
    mean += probability * (baseMean + meanCoins);
    meanSquare += probability * (baseMeanSquare + 2 * baseMean * meanCoins + meanSquareCoins);
    hits += moments.winningWeight;
    thetas.forEach((_, index) => {
      exponential[index]! += (moments.exponential[index]! / base.combinations) * featureExponential[index]![start]!;
    });
  });
  const variance = meanSquare - mean * mean;
  const maxBaseCoins = Math.max(...base.classes.map((moments) => moments.max));
  const maxFreeCoins = multiplier * Math.max(...free.classes.map((moments) => moments.max));
  const canTrigger = base.classes.some((moments, count) => moments.weight > 0 && freeSpinAwards[count]! > 0);
  const maxPossibleCoins = maxBaseCoins + (canTrigger ? maxSpinsPerFeature * maxFreeCoins : 0);
  const isCapUnreachable = maxPossibleCoins < compiled.capCoins;

  let capRtpEffectBound = Number.POSITIVE_INFINITY;
  let capProbabilityBound = 1;
  thetas.forEach((theta, index) => {
    const logTail = Math.log(exponential[index]!) - theta * compiled.capCoins;
    capProbabilityBound = Math.min(capProbabilityBound, Math.exp(logTail));
    // In coins, then per total bet.
    capRtpEffectBound = Math.min(capRtpEffectBound, Math.exp(logTail) / (theta * Math.E) / lineCount);
  });
  if (isCapUnreachable) {
    capRtpEffectBound = 0;
    capProbabilityBound = 0;
  }
  return {
    rtp: mean / lineCount,
    variance: variance / (lineCount * lineCount),
    standardDeviation: Math.sqrt(variance) / lineCount,
    hitFrequency: hits / base.combinations,
    featureProbability,
    maxBaseWin: maxBaseCoins / lineCount,
    maxFreeSpinWin: maxFreeCoins / lineCount,
    maxPossibleWin: maxPossibleCoins / lineCount,
    isCapUnreachable,
    capRtpEffectBound,
    capProbabilityBound,
    baseCombinations: base.combinations,
    freeCombinations: free.combinations,
  };
}
