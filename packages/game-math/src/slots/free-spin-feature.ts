/**
 * The free-spin feature as a Markov chain on (spins played, spins awarded). Each free spin is
 * an independent draw of a scatter class k (with probability q[k]); retriggers add awards[k]
 * spins, never beyond the per-feature limit. Expected values come from backward induction,
 * so they are exact (up to double rounding), with no sampling.
 */
export interface FreeSpinClass {
  /** Probability of this scatter count on one free spin. */
  readonly probability: number;
  /** E[coins | class] and E[coins^2 | class] of one free spin, before the multiplier. */
  readonly meanCoins: number;
  readonly meanSquareCoins: number;
  /** Spins this class adds on a retrigger (0 when retriggers are off). */
  readonly award: number;
}

export interface FeatureMoments {
  /** E[number of free spins played] */
  readonly expectedSpins: number;
  /** E[feature coins] and E[feature coins^2], multiplier included. */
  readonly meanCoins: number;
  readonly meanSquareCoins: number;
}

/** Moments of the feature for every starting award 0..maxSpins (index = spins initially awarded). */
export function featureMomentsByStart(classes: readonly FreeSpinClass[], multiplier: number, maxSpins: number): FeatureMoments[] {
  const size = maxSpins + 1;
  // value[p * size + a] for p spins played and a awarded (p <= a); terminal when p = a.
  const spins = new Float64Array(size * size);
  const first = new Float64Array(size * size);
  const second = new Float64Array(size * size);
  for (let played = maxSpins - 1; played >= 0; played--) {
    for (let awarded = played + 1; awarded <= maxSpins; awarded++) {
      let expectedSpins = 0;
      let mean = 0;
      let meanSquare = 0;
      for (const spinClass of classes) {
        if (spinClass.probability === 0) continue;
        const next = (played + 1) * size + Math.min(awarded + spinClass.award, maxSpins);
        const gain = multiplier * spinClass.meanCoins;
        expectedSpins += spinClass.probability * (1 + spins[next]!);
        mean += spinClass.probability * (gain + first[next]!);
        meanSquare +=
          spinClass.probability * (multiplier * multiplier * spinClass.meanSquareCoins + 2 * gain * first[next]! + second[next]!);
      }
      const at = played * size + awarded;
      spins[at] = expectedSpins;
      first[at] = mean;
      second[at] = meanSquare;
    }
  }
  return Array.from({ length: size }, (_, start) => ({
    expectedSpins: spins[start]!,
    meanCoins: first[start]!,
    meanSquareCoins: second[start]!,
  }));
}

/**
 * E[exp(theta * feature coins)] for every starting award, where classExponential[k] is
 * E[exp(theta * multiplier * coins) | class k] of one free spin. Used for a Chernoff bound on
 * how much the max-win cap can ever take off the RTP.
 */
export function featureExponentialMomentByStart(
  classes: readonly FreeSpinClass[],
  classExponential: readonly number[],
  maxSpins: number,
): number[] {
  const size = maxSpins + 1;
  const moment = new Float64Array(size * size).fill(1);
  for (let played = maxSpins - 1; played >= 0; played--) {
    for (let awarded = played + 1; awarded <= maxSpins; awarded++) {
      let value = 0;
      classes.forEach((spinClass, index) => {
        if (spinClass.probability === 0) return;
        const next = (played + 1) * size + Math.min(awarded + spinClass.award, maxSpins);
        value += spinClass.probability * classExponential[index]! * moment[next]!;
      });
      moment[played * size + awarded] = value;
    }
  }
  return Array.from({ length: size }, (_, start) => moment[start]!);
}
