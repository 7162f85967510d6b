import { type CompiledTitle, REEL_COUNT } from './compile-title';
import { type LineResult, settleLine } from './evaluate-line';

/** Moments of one grid's win (lines plus scatter pay, in coins) among grids with k scatters. */
export interface ScatterClassMoments {
  /** Number of stop combinations in the class. */
  weight: number;
  sum: number;
  sumSquares: number;
  /** Combinations that pay anything or award free spins. */
  winningWeight: number;
  max: number;
  /** exponential[i] = sum over the class of weight * exp(thetas[i] * coins), for the cap's tail bound. */
  exponential: number[];
}

export interface GridMoments {
  /** Product of strip lengths: every stop combination counted once. */
  readonly combinations: number;
  /** Index = scatter count. */
  readonly classes: readonly ScatterClassMoments[];
}

/**
 * Visits every stop combination of five strips (the full product of their lengths) and
 * accumulates the exact distribution moments of the grid win by scatter count. Lines are
 * followed reel by reel; once no line can still grow, the remaining reels can only add
 * scatters, so their combinations are counted in bulk from the scatter distribution of the
 * remaining reels instead of one by one. Scoring uses the engine's settleLine.
 */
export function enumerateGridMoments(compiled: CompiledTitle, strips: readonly Int32Array[], thetas: readonly number[] = []): GridMoments {
  const { rows, wild, scatter, linePays, paylines, scatterPayCoins, freeSpinAwards } = compiled;
  const lineCount = paylines.length;
  const lengths = strips.map((strip) => strip.length);
  const windows = strips.map((strip) => {
    const window = new Int32Array(strip.length * rows);
    for (let stop = 0; stop < strip.length; stop++)
      for (let row = 0; row < rows; row++) window[stop * rows + row] = strip[(stop + row) % strip.length]!;
    return window;
  });
  const scattersAt = windows.map((window, reel) => {
    const counts = new Int32Array(lengths[reel]!);
    for (let index = 0; index < window.length; index++) if (window[index] === scatter) counts[Math.floor(index / rows)]!++;
    return counts;
  });
  // suffix[r][j] = combinations of reels r..4 showing j scatters.
  const suffix: number[][] = new Array(REEL_COUNT + 1);
  suffix[REEL_COUNT] = [1];
  for (let reel = REEL_COUNT - 1; reel >= 0; reel--) {
    const next = new Array<number>(suffix[reel + 1]!.length + rows).fill(0);
    for (let stop = 0; stop < lengths[reel]!; stop++) {
      suffix[reel + 1]!.forEach((ways, count) => {
        next[count + scattersAt[reel]![stop]!]! += ways;
      });
    }
    suffix[reel] = next;
  }

  // The exact distribution: histogram[scatters * size + coins] = stop combinations with that outcome.
  const maxScatters = REEL_COUNT * rows;
  let maxLinePay = 0;
  for (const pays of linePays) for (const pay of pays) maxLinePay = Math.max(maxLinePay, pay);
  const size = lineCount * maxLinePay + Math.max(...scatterPayCoins) + 1;
  const histogram = new Float64Array((maxScatters + 1) * size);
  const record = (lineCoins: number, scatters: number, weight: number) => {
    histogram[scatters * size + lineCoins + scatterPayCoins[scatters]!]! += weight;
  };

  // Per depth: the lines still running, their leading wild run, first non-wild (-1 none) and run length.
  const aliveLines = Array.from({ length: REEL_COUNT + 1 }, () => new Int32Array(lineCount));
  const wildRuns = Array.from({ length: REEL_COUNT + 1 }, () => new Int32Array(lineCount));
  const firsts = Array.from({ length: REEL_COUNT + 1 }, () => new Int32Array(lineCount));
  const runs = Array.from({ length: REEL_COUNT + 1 }, () => new Int32Array(lineCount));
  const result: LineResult = { symbol: -1, count: 0, pay: 0 };
  const pay = (wildRun: number, first: number, run: number) => settleLine(linePays, wild, scatter, wildRun, first, run, result).pay;

  // The last reel's outcomes depend only on the running lines' states, and few distinct states
  // occur, so each state set is scored over the last strip once and reused (keyed by its text).
  const lastReel = REEL_COUNT - 1;
  const lastReelOutcomes = new Map<string, Float64Array>();
  const scoreLastReel = (aliveCount: number): Float64Array => {
    const alive = aliveLines[lastReel]!;
    let key = '';
    for (let index = 0; index < aliveCount; index++) {
      key += `${paylines[alive[index]!]![lastReel]},${wildRuns[lastReel]![index]},${firsts[lastReel]![index]},${runs[lastReel]![index]};`;
    }
    const cached = lastReelOutcomes.get(key);
    if (cached) return cached;
    const outcomes = new Map<number, number>();
    const bulkScatterSlots = rows + 1;
    collect = (coins, added) => {
      const outcome = coins * bulkScatterSlots + added;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    };
    visitReel(lastReel, aliveCount, 0, 0);
    collect = record;
    // Triples (coins, scatters added, ways).
    const triples = new Float64Array(outcomes.size * 3);
    let at = 0;
    for (const [outcome, ways] of outcomes) {
      triples[at++] = Math.floor(outcome / bulkScatterSlots);
      triples[at++] = outcome % bulkScatterSlots;
      triples[at++] = ways;
    }
    lastReelOutcomes.set(key, triples);
    return triples;
  };
  let collect: (coins: number, scatters: number, weight: number) => void = record;

  const visit = (reel: number, aliveCount: number, settled: number, scatters: number): void => {
    if (reel === lastReel) {
      const triples = scoreLastReel(aliveCount);
      for (let at = 0; at < triples.length; at += 3) record(settled + triples[at]!, scatters + triples[at + 1]!, triples[at + 2]!);
      return;
    }
    visitReel(reel, aliveCount, settled, scatters);
  };

  const visitReel = (reel: number, aliveCount: number, settled: number, scatters: number): void => {
    const window = windows[reel]!;
    const alive = aliveLines[reel]!;
    const wildRun = wildRuns[reel]!;
    const first = firsts[reel]!;
    const run = runs[reel]!;
    const nextAlive = aliveLines[reel + 1]!;
    const nextWildRun = wildRuns[reel + 1]!;
    const nextFirst = firsts[reel + 1]!;
    const nextRun = runs[reel + 1]!;
    const isLast = reel === REEL_COUNT - 1;
    for (let stop = 0; stop < lengths[reel]!; stop++) {
      let coins = settled;
      let nextCount = 0;
      for (let index = 0; index < aliveCount; index++) {
        const line = alive[index]!;
        const symbol = window[stop * rows + paylines[line]![reel]!]!;
        let lineWildRun = wildRun[index]!;
        let lineFirst = first[index]!;
        let lineRun = run[index]!;
        if (lineFirst < 0 && symbol === wild) {
          lineWildRun++;
          lineRun++;
        } else if (lineFirst < 0 && symbol !== scatter) {
          lineFirst = symbol;
          lineRun++;
        } else if (lineFirst >= 0 && (symbol === lineFirst || symbol === wild)) {
          lineRun++;
        } else {
          coins += pay(lineWildRun, lineFirst, lineRun);
          continue;
        }
        if (isLast) {
          coins += pay(lineWildRun, lineFirst, lineRun);
          continue;
        }
        nextAlive[nextCount] = line;
        nextWildRun[nextCount] = lineWildRun;
        nextFirst[nextCount] = lineFirst;
        nextRun[nextCount] = lineRun;
        nextCount++;
      }
      const nextScatters = scatters + scattersAt[reel]![stop]!;
      if (isLast) collect(coins, nextScatters, 1);
      else if (nextCount === 0) {
        const remaining = suffix[reel + 1]!;
        for (let added = 0; added < remaining.length; added++)
          if (remaining[added]! > 0) record(coins, nextScatters + added, remaining[added]!);
      } else visit(reel + 1, nextCount, coins, nextScatters);
    }
  };

  for (let line = 0; line < lineCount; line++) {
    aliveLines[0]![line] = line;
    wildRuns[0]![line] = 0;
    firsts[0]![line] = -1;
    runs[0]![line] = 0;
  }
  visit(0, lineCount, 0, 0);

  const classes = Array.from({ length: maxScatters + 1 }, (_, scatters): ScatterClassMoments => {
    const moments = { weight: 0, sum: 0, sumSquares: 0, winningWeight: 0, max: 0, exponential: thetas.map(() => 0) };
    for (let coins = 0; coins < size; coins++) {
      const weight = histogram[scatters * size + coins]!;
      if (weight === 0) continue;
      moments.weight += weight;
      moments.sum += weight * coins;
      moments.sumSquares += weight * coins * coins;
      if (coins > 0 || freeSpinAwards[scatters]! > 0) moments.winningWeight += weight;
      moments.max = coins;
      thetas.forEach((theta, index) => {
        moments.exponential[index]! += weight * Math.exp(theta * coins);
      });
    }
    return moments;
  });
  return { combinations: lengths.reduce((product, length) => product * length, 1), classes };
}
