/** Bet selector arithmetic: the index moves within the title's levels and never past the balance. */
export interface BetLevelState {
  levels: readonly bigint[];
  index: number;
  balanceMinor: bigint;
}

export function clampBetIndex(levels: readonly bigint[], index: number): number {
  if (levels.length === 0) return 0;
  return Math.min(Math.max(0, Math.trunc(index)), levels.length - 1);
}

export function canRaiseBet({ levels, index }: BetLevelState): boolean {
  return index < levels.length - 1;
}

export function canLowerBet({ index }: BetLevelState): boolean {
  return index > 0;
}

/** A spin is affordable only when the selected total bet is covered by the balance. */
export function canAffordBet({ levels, index, balanceMinor }: BetLevelState): boolean {
  const bet = levels[clampBetIndex(levels, index)];
  return bet !== undefined && bet <= balanceMinor;
}
