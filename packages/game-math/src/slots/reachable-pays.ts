import { type CompiledTitle, compileTitle, MAX_KIND } from './compile-title';
import { evaluateLine, type LineResult } from './evaluate-line';
import type { SlotTitle } from './slot-types';

/** One advertised line pay: a symbol and how many of it. */
export interface LinePay {
  readonly symbol: string;
  readonly count: number;
}

/** The (symbol, count) line wins that one strip set can produce, as "SYMBOL:count". */
function winsOf(compiled: CompiledTitle, strips: readonly Int32Array[], into: Set<string>): void {
  // Which symbols a reel can show: any strip position can sit on any row of the window.
  const reels = strips.map((strip) => [...new Set(strip)]);
  const symbols = new Int32Array(MAX_KIND);
  const result: LineResult = { symbol: -1, count: 0, pay: 0 };
  const visit = (reel: number): void => {
    if (reel === MAX_KIND) {
      evaluateLine(compiled, symbols, result);
      if (result.pay > 0) into.add(`${compiled.symbolIds[result.symbol]}:${result.count}`);
      return;
    }
    for (const symbol of reels[reel]!) {
      symbols[reel] = symbol;
      visit(reel + 1);
    }
  };
  visit(0);
}

/**
 * The line pays a paytable advertises that no spin can ever win (base game or free spins),
 * found with the engine's own line rule over every symbol a reel can show. A paytable must not
 * promise what the strips cannot deliver (issue 12: Golden Delta listed boat-wild pays while no
 * strip had a boat on reel 1).
 */
export function unreachableLinePays(title: SlotTitle): LinePay[] {
  const compiled = compileTitle(title);
  const reachable = new Set<string>();
  winsOf(compiled, compiled.baseStrips, reachable);
  winsOf(compiled, compiled.freeStrips, reachable);
  const unreachable: LinePay[] = [];
  for (const symbol of title.symbols) {
    for (const [count, pay] of Object.entries(symbol.pays ?? {})) {
      if (pay && pay > 0 && !reachable.has(`${symbol.id}:${count}`)) unreachable.push({ symbol: symbol.id, count: Number(count) });
    }
  }
  return unreachable;
}
