import { type CompiledTitle, compileTitle, REEL_COUNT } from './compile-title';
import { evaluateLine, type LineResult } from './evaluate-line';
import type { SlotTitle } from './slot-types';

export interface LineHit {
  readonly lineIndex: number;
  readonly symbol: number;
  readonly count: number;
  /** Coins (line bets), before any free-spin multiplier. */
  readonly pay: number;
}

export interface GridEvaluation {
  readonly lineHits: readonly LineHit[];
  readonly lineCoins: number;
  readonly scatterCount: number;
  readonly scatterCoins: number;
  /** Free spins the scatter count awards, before the per-feature limit. */
  readonly freeSpinAward: number;
}

/** The visible window: grid[reel][row] = strip[(stop + row) mod length]. */
export function windowAt(strips: readonly Int32Array[], stops: readonly number[], rows: number): Int32Array[] {
  return strips.map((strip, reel) => {
    const stop = stops[reel]!;
    const column = new Int32Array(rows);
    for (let row = 0; row < rows; row++) column[row] = strip[(stop + row) % strip.length]!;
    return column;
  });
}

// Scratch for the hot loop; evaluation is synchronous, so calls never overlap.
const lineScratch = new Int32Array(REEL_COUNT);
const resultScratch: LineResult = { symbol: -1, count: 0, pay: 0 };

export function evaluateGrid(compiled: CompiledTitle, grid: readonly Int32Array[]): GridEvaluation {
  const lineHits: LineHit[] = [];
  const symbols = lineScratch;
  const result = resultScratch;
  let lineCoins = 0;
  const { paylines } = compiled;
  for (let lineIndex = 0; lineIndex < paylines.length; lineIndex++) {
    const line = paylines[lineIndex]!;
    for (let reel = 0; reel < REEL_COUNT; reel++) symbols[reel] = grid[reel]![line[reel]!]!;
    evaluateLine(compiled, symbols, result);
    if (result.pay > 0) {
      lineHits.push({ lineIndex, symbol: result.symbol, count: result.count, pay: result.pay });
      lineCoins += result.pay;
    }
  }
  let scatterCount = 0;
  for (const column of grid) for (const symbol of column) if (symbol === compiled.scatter) scatterCount++;
  return {
    lineHits,
    lineCoins,
    scatterCount,
    scatterCoins: compiled.scatterPayCoins[scatterCount]!,
    freeSpinAward: compiled.freeSpinAwards[scatterCount]!,
  };
}

export interface ReelsEvaluation {
  readonly lineWins: readonly { readonly lineIndex: number; readonly symbol: string; readonly count: number; readonly coins: number }[];
  /** Line wins in coins (line bets). */
  readonly lineCoins: number;
  readonly scatterCount: number;
  /** Scatter pay in multiples of the total bet. */
  readonly scatterPay: number;
  readonly freeSpinAward: number;
}

/**
 * Scores a grid given by symbol ids (reels[reel][row]) with the engine's rules: for paytable
 * screens, the verify page and hand-written examples in tests.
 */
export function evaluateReels(title: SlotTitle, reels: readonly (readonly string[])[]): ReelsEvaluation {
  const compiled = compileTitle(title);
  const indexOf = new Map(compiled.symbolIds.map((id, index) => [id, index]));
  if (reels.length !== REEL_COUNT || reels.some((column) => column.length !== compiled.rows)) {
    throw new RangeError(`reels must be ${REEL_COUNT} columns of ${compiled.rows} symbols`);
  }
  const grid = reels.map((column) =>
    Int32Array.from(column, (id) => {
      const index = indexOf.get(id);
      if (index === undefined) throw new RangeError(`unknown symbol ${id}`);
      return index;
    }),
  );
  const evaluation = evaluateGrid(compiled, grid);
  return {
    lineWins: evaluation.lineHits.map((hit) => ({
      lineIndex: hit.lineIndex,
      symbol: compiled.symbolIds[hit.symbol]!,
      count: hit.count,
      coins: hit.pay,
    })),
    lineCoins: evaluation.lineCoins,
    scatterCount: evaluation.scatterCount,
    scatterPay: evaluation.scatterCoins / compiled.lineCount,
    freeSpinAward: evaluation.freeSpinAward,
  };
}
