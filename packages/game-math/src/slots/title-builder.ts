import { type FreeSpinRules, parseStrip, type SlotTitle } from './slot-types';

/** The total bets every in-house title offers, in minor units (1 to 1,000 taka). */
export const STANDARD_BET_LEVELS_MINOR: readonly bigint[] = [100n, 200n, 500n, 1_000n, 2_000n, 5_000n, 10_000n, 20_000n, 50_000n, 100_000n];

/**
 * What sets an in-house title apart: its symbols, paytable, lines and strips (written as text,
 * see parseStrip) and its free-spin awards; slotTitle adds what the titles share.
 */
export interface SlotTitleSpec
  extends Pick<SlotTitle, 'id' | 'name' | 'theme' | 'symbols' | 'paylines' | 'scatterPays' | 'declaredRtpPercent'> {
  readonly baseReels: readonly string[];
  readonly freeSpins: Pick<FreeSpinRules, 'awards' | 'multiplier' | 'maxSpinsPerFeature'> & { readonly reels: readonly string[] };
}

/**
 * An in-house title: three rows, retriggerable free spins, wins capped at 5,000 times the total
 * bet and the standard bet levels, around the spec's own symbols, lines and strips.
 */
export function slotTitle(spec: SlotTitleSpec): SlotTitle {
  return {
    id: spec.id,
    name: spec.name,
    theme: spec.theme,
    rows: 3,
    symbols: spec.symbols,
    paylines: spec.paylines,
    baseReels: spec.baseReels.map(parseStrip),
    scatterPays: spec.scatterPays,
    freeSpins: {
      awards: spec.freeSpins.awards,
      multiplier: spec.freeSpins.multiplier,
      canRetrigger: true,
      maxSpinsPerFeature: spec.freeSpins.maxSpinsPerFeature,
      reels: spec.freeSpins.reels.map(parseStrip),
    },
    maxWinMultiplier: 5000,
    betLevelsMinor: STANDARD_BET_LEVELS_MINOR,
    declaredRtpPercent: spec.declaredRtpPercent,
  };
}
