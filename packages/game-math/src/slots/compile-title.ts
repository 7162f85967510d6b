import type { SlotTitle } from './slot-types';

export const REEL_COUNT = 5;
export const MAX_KIND = 5;

/**
 * A title turned into small integers for the hot loops (spins, exact enumeration): symbols
 * become indexes, strips Int32Arrays, pays dense arrays. Built once per title object.
 */
export interface CompiledTitle {
  readonly title: SlotTitle;
  readonly symbolIds: readonly string[];
  readonly wild: number;
  readonly scatter: number;
  /** linePays[symbol][count] in coins (line bets); count 0..5. */
  readonly linePays: readonly Int32Array[];
  readonly paylines: readonly Int32Array[];
  readonly rows: number;
  readonly baseStrips: readonly Int32Array[];
  readonly freeStrips: readonly Int32Array[];
  /** scatterPayCoins[count] = scatter pay in coins (multiple of total bet times the line count). */
  readonly scatterPayCoins: Int32Array;
  /** freeSpinAwards[count] = free spins awarded for that many scatters. */
  readonly freeSpinAwards: Int32Array;
  readonly lineCount: number;
  readonly freeSpinMultiplier: number;
  readonly canRetrigger: boolean;
  readonly maxSpinsPerFeature: number;
  /** maxWinMultiplier x lineCount: the cap in coins. */
  readonly capCoins: number;
}

export class SlotTitleError extends Error {
  constructor(titleId: string, problem: string) {
    super(`slot title ${titleId}: ${problem}`);
    this.name = 'SlotTitleError';
  }
}

const compiled = new WeakMap<SlotTitle, CompiledTitle>();

export function compileTitle(title: SlotTitle): CompiledTitle {
  const cached = compiled.get(title);
  if (cached) return cached;
  const result = buildCompiledTitle(title);
  compiled.set(title, result);
  return result;
}

function buildCompiledTitle(title: SlotTitle): CompiledTitle {
  const fail = (problem: string): never => {
    throw new SlotTitleError(title.id, problem);
  };
  const symbolIds = title.symbols.map((symbol) => symbol.id);
  if (new Set(symbolIds).size !== symbolIds.length) fail('duplicate symbol id');
  const indexOf = new Map(symbolIds.map((id, index) => [id, index]));
  const wilds = title.symbols.filter((symbol) => symbol.kind === 'wild');
  const scatters = title.symbols.filter((symbol) => symbol.kind === 'scatter');
  if (wilds.length !== 1 || scatters.length !== 1) fail('needs exactly one wild and one scatter');
  const maxScatters = REEL_COUNT * title.rows;
  const lineCount = title.paylines.length;

  const linePays = title.symbols.map((symbol) => {
    const pays = new Int32Array(MAX_KIND + 1);
    for (const count of [3, 4, 5] as const) {
      const pay = symbol.pays?.[count] ?? 0;
      if (!Number.isSafeInteger(pay) || pay < 0) fail(`pay of ${symbol.id} x${count} must be a non-negative integer`);
      if (symbol.kind === 'scatter' && pay > 0) fail('the scatter pays through scatterPays, not on lines');
      pays[count] = pay;
    }
    return pays;
  });

  const toStrip = (strip: readonly string[], label: string) => {
    if (strip.length < title.rows) fail(`${label} strip shorter than the window`);
    return Int32Array.from(strip, (id) => indexOf.get(id) ?? fail(`${label} strip has unknown symbol ${id}`));
  };
  if (title.baseReels.length !== REEL_COUNT || title.freeSpins.reels.length !== REEL_COUNT) fail(`needs ${REEL_COUNT} reels`);
  const baseStrips = title.baseReels.map((strip, reel) => toStrip(strip, `base reel ${reel + 1}`));
  const freeStrips = title.freeSpins.reels.map((strip, reel) => toStrip(strip, `free-spin reel ${reel + 1}`));

  if (lineCount < 1) fail('needs paylines');
  const paylines = title.paylines.map((line) => {
    if (line.length !== REEL_COUNT || line.some((row) => !Number.isInteger(row) || row < 0 || row >= title.rows)) fail('bad payline');
    return Int32Array.from(line);
  });
  if (new Set(title.paylines.map((line) => line.join())).size !== lineCount) fail('duplicate payline');

  const scatterPayCoins = new Int32Array(maxScatters + 1);
  const freeSpinAwards = new Int32Array(maxScatters + 1);
  for (let count = 0; count <= maxScatters; count++) {
    const pay = title.scatterPays[count] ?? 0;
    const award = title.freeSpins.awards[count] ?? 0;
    if (!Number.isSafeInteger(pay) || pay < 0 || !Number.isSafeInteger(award) || award < 0) fail('scatter pays and awards are counts');
    scatterPayCoins[count] = pay * lineCount;
    freeSpinAwards[count] = award;
  }
  const { multiplier, maxSpinsPerFeature } = title.freeSpins;
  if (!Number.isSafeInteger(multiplier) || multiplier < 1) fail('free-spin multiplier must be a positive integer');
  if (!Number.isSafeInteger(maxSpinsPerFeature) || maxSpinsPerFeature < 0) fail('maxSpinsPerFeature must be a count');
  if (!Number.isSafeInteger(title.maxWinMultiplier) || title.maxWinMultiplier < 1) fail('maxWinMultiplier must be a positive integer');
  if (title.betLevelsMinor.length === 0) fail('needs bet levels');
  for (const level of title.betLevelsMinor) {
    if (level <= 0n || level % BigInt(lineCount) !== 0n) fail(`bet level ${level} is not a positive multiple of ${lineCount} lines`);
  }

  return {
    title,
    symbolIds,
    wild: indexOf.get(wilds[0]!.id)!,
    scatter: indexOf.get(scatters[0]!.id)!,
    linePays,
    paylines,
    rows: title.rows,
    baseStrips,
    freeStrips,
    scatterPayCoins,
    freeSpinAwards,
    lineCount,
    freeSpinMultiplier: multiplier,
    canRetrigger: title.freeSpins.canRetrigger,
    maxSpinsPerFeature,
    capCoins: title.maxWinMultiplier * lineCount,
  };
}
