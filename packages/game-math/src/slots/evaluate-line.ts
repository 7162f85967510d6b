import { type CompiledTitle, compileTitle, MAX_KIND } from './compile-title';
import type { SlotTitle } from './slot-types';

/**
 * How a line pays, shared by the engine and the exact enumeration so both agree by
 * construction. Rules (disclosed in the paytable):
 * - wins run left to right from reel 1; the wild substitutes for every symbol but the scatter;
 * - the paying symbol is the first non-wild on the line; the run counts it and wilds;
 * - a run of wilds alone pays the wild's own pay; a line pays only its single best win
 *   (the symbol run or the leading wild run, whichever pays more; a tie goes to the symbol);
 * - a scatter on a line ends the run.
 * Returns the pay in coins; `symbol` and `count` describe the win (symbol -1 when none).
 */
export interface LineResult {
  symbol: number;
  count: number;
  pay: number;
}

export function evaluateLine(compiled: CompiledTitle, symbols: ArrayLike<number>, into: LineResult): LineResult {
  const { wild, scatter, linePays } = compiled;
  let wildRun = 0;
  while (wildRun < MAX_KIND && symbols[wildRun] === wild) wildRun++;
  return settleLine(linePays, wild, scatter, wildRun, wildRun < MAX_KIND ? symbols[wildRun]! : -1, countRun(symbols, wildRun, wild), into);
}

function countRun(symbols: ArrayLike<number>, wildRun: number, wild: number): number {
  if (wildRun >= MAX_KIND) return wildRun;
  const first = symbols[wildRun];
  let count = wildRun + 1;
  while (count < MAX_KIND && (symbols[count] === first || symbols[count] === wild)) count++;
  return count;
}

/**
 * The pay of a finished line given its leading wild run, its first non-wild symbol (-1 when
 * all are wild) and the length of that symbol's run (wilds included).
 */
export function settleLine(
  linePays: readonly Int32Array[],
  wild: number,
  scatter: number,
  wildRun: number,
  first: number,
  runLength: number,
  into: LineResult,
): LineResult {
  const wildPay = linePays[wild]![wildRun]!;
  const symbolPay = first < 0 || first === scatter ? 0 : linePays[first]![runLength]!;
  if (symbolPay > 0 && symbolPay >= wildPay) {
    into.symbol = first;
    into.count = runLength;
    into.pay = symbolPay;
  } else if (wildPay > 0) {
    into.symbol = wild;
    into.count = wildRun;
    into.pay = wildPay;
  } else {
    into.symbol = -1;
    into.count = 0;
    into.pay = 0;
  }
  return into;
}

/** One line given by symbol ids, left to right: its win in coins, or null. For paytables and tests. */
export function scoreLine(title: SlotTitle, symbols: readonly string[]): { symbol: string; count: number; coins: number } | null {
  const compiled = compileTitle(title);
  if (symbols.length !== MAX_KIND) throw new RangeError(`a line has ${MAX_KIND} symbols`);
  const indexes = symbols.map((id) => {
    const index = compiled.symbolIds.indexOf(id);
    if (index < 0) throw new RangeError(`unknown symbol ${id}`);
    return index;
  });
  const result = evaluateLine(compiled, indexes, { symbol: -1, count: 0, pay: 0 });
  return result.pay > 0 ? { symbol: compiled.symbolIds[result.symbol]!, count: result.count, coins: result.pay } : null;
}
