/** Shared lottery vocabulary: kinds, bets, draws and the winning-selection rows SQL joins against. */

export type LotteryKind = 'ELOTT' | 'VN' | 'SEA';

/**
 * Odds tables. `standard` is the house table; `zy` is the alternative table of the same draws
 * (higher odds, lower limits) offered under prize mode ZY. See prize-modes.ts.
 */
export type OddsTable = 'standard' | 'zy';

export interface LotteryBet {
  readonly betType: string;
  /** Canonical selection text, e.g. "3-7" (position 3, digit 7), "BIG", "07", "123". */
  readonly selection: string;
  /** Stake in minor units. */
  readonly amountMinor: bigint;
  /** Defaults to standard. */
  readonly oddsTable?: OddsTable;
}

/**
 * One row of a draw's result table: every ticket with this bet type and selection wins `hits`
 * times its odds. Tickets absent from the table lose. This is the whole settlement rule, in a
 * form SQL can join: payout = amount * odds * hits / ODDS_SCALE (integer division).
 */
export interface WinningSelection {
  readonly betType: string;
  readonly selection: string;
  readonly hits: number;
}

export interface ElottDraw {
  readonly kind: 'ELOTT';
  /** Five digits 0-9, position 1 (leftmost) first. */
  readonly digits: readonly number[];
}

export type VnPrizeTier = 'special' | 'first' | 'second' | 'third' | 'fourth' | 'fifth' | 'sixth' | 'seventh';

export interface VnDraw {
  readonly kind: 'VN';
  /** Prize numbers as zero-padded digit strings, by tier, in draw order. */
  readonly prizes: Readonly<Record<VnPrizeTier, readonly string[]>>;
}

export interface SeaDraw {
  readonly kind: 'SEA';
  /** Six digits, zero-padded. */
  readonly firstPrize: string;
  /** Two digits drawn separately from the first prize. */
  readonly twoBottom: string;
}

export type LotteryDraw = ElottDraw | VnDraw | SeaDraw;

export type Settlement =
  | { readonly status: 'won'; readonly payoutMinor: bigint; readonly hits: number }
  | { readonly status: 'lost'; readonly payoutMinor: 0n; readonly hits: 0 }
  /** The stake is returned: payoutMinor equals the amount. */
  | { readonly status: 'void'; readonly payoutMinor: bigint; readonly hits: 0; readonly reason: string };
