import type { LotteryKind, OddsTable } from './lottery-types';

export type PrizeMode = 'LOTT' | 'ZY' | 'ELOTT' | 'SEA';

/**
 * How the spec's prize modes map onto these lotteries (our reading, see docs/game-math.md):
 * LOTT is the classic daily lottery (VN), ELOTT the fast five-digit draws, SEA the Thai-style
 * lottery, each on the standard odds table; ZY is not a separate draw but the alternative odds
 * table of the same draws (higher odds, lower stake limits), offered for every kind.
 */
export const PRIZE_MODES: Readonly<Record<PrizeMode, { readonly kinds: readonly LotteryKind[]; readonly oddsTable: OddsTable }>> = {
  LOTT: { kinds: ['VN'], oddsTable: 'standard' },
  ELOTT: { kinds: ['ELOTT'], oddsTable: 'standard' },
  SEA: { kinds: ['SEA'], oddsTable: 'standard' },
  ZY: { kinds: ['ELOTT', 'VN', 'SEA'], oddsTable: 'zy' },
};
