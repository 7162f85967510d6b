/** The data that defines a slot title; the engine is the same for every title. */

export type SymbolKind = 'regular' | 'wild' | 'scatter';

export interface SlotSymbol {
  /** Stable id, stored in round records and shown by the verify page. */
  readonly id: string;
  readonly name: string;
  readonly kind: SymbolKind;
  /** Line pays by count of a kind (3, 4, 5) in multiples of the line bet ("coin"). A wild may pay on its own. */
  readonly pays?: Readonly<Partial<Record<3 | 4 | 5, number>>>;
}

export interface FreeSpinRules {
  /** Free spins awarded by scatter count anywhere on the grid (e.g. 3 -> 10). */
  readonly awards: Readonly<Partial<Record<number, number>>>;
  /** Every free-spin win (lines and scatter) is multiplied by this. */
  readonly multiplier: number;
  /** When true, the same scatter counts during free spins add the same awards. */
  readonly canRetrigger: boolean;
  /** Free spins played in one feature never exceed this; awards beyond it are forfeited. */
  readonly maxSpinsPerFeature: number;
  /** Free spins may run on their own strips (richer in wilds), as disclosed in the paytable. */
  readonly reels: readonly (readonly string[])[];
}

export interface SlotTitle {
  /** kebab-case id used in URLs and round records. */
  readonly id: string;
  readonly name: string;
  readonly theme: string;
  readonly rows: number;
  readonly symbols: readonly SlotSymbol[];
  /** Each payline is the row (0 = top) read on each reel, left to right. */
  readonly paylines: readonly (readonly number[])[];
  /** Base-game reel strips, read cyclically: a stop shows strip[stop], strip[stop+1], strip[stop+2]. */
  readonly baseReels: readonly (readonly string[])[];
  /** Scatter pays by count anywhere, in multiples of the total bet. */
  readonly scatterPays: Readonly<Partial<Record<number, number>>>;
  readonly freeSpins: FreeSpinRules;
  /** A bet (base spin plus its whole feature) never pays more than this many times the total bet. */
  readonly maxWinMultiplier: number;
  /** Allowed total bets in minor units; each is a multiple of the line count (coin = total / lines). */
  readonly betLevelsMinor: readonly bigint[];
  /** Exact RTP in percent, rounded to 4 decimals; a test recomputes it from the strips and paytable. */
  readonly declaredRtpPercent: number;
}

/** Splits a strip written as space-separated symbol ids; titles stay readable in review. */
export function parseStrip(text: string): readonly string[] {
  return text.trim().split(/\s+/);
}
