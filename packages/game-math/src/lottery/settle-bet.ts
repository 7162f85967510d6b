import { findBetType, payoutFor } from './bet-types';
import { elottWinningSelections, isElottDraw } from './elott';
import type { LotteryBet, LotteryDraw, LotteryKind, OddsTable, Settlement, WinningSelection } from './lottery-types';
import { isSeaDraw, seaWinningSelections } from './sea';
import { isVnDraw, vnWinningSelections } from './vn';

export type BetRejection =
  | 'UNKNOWN_BET_TYPE'
  | 'UNKNOWN_ODDS_TABLE'
  | 'INVALID_SELECTION'
  | 'INVALID_AMOUNT'
  | 'AMOUNT_TOO_SMALL'
  | 'AMOUNT_TOO_LARGE';

export type BetValidation =
  | { readonly ok: true; readonly odds: bigint; readonly oddsTable: OddsTable }
  | { readonly ok: false; readonly reason: BetRejection };

const ODDS_TABLES: readonly OddsTable[] = ['standard', 'zy'];

/** Checks a ticket before it is accepted: known type, canonical selection, stake within the type's limits. */
export function validateBet(kind: LotteryKind, bet: LotteryBet): BetValidation {
  const rule = findBetType(kind, bet.betType);
  if (!rule) return { ok: false, reason: 'UNKNOWN_BET_TYPE' };
  const oddsTable = bet.oddsTable ?? 'standard';
  if (!ODDS_TABLES.includes(oddsTable)) return { ok: false, reason: 'UNKNOWN_ODDS_TABLE' };
  if (typeof bet.selection !== 'string' || !rule.selections.includes(bet.selection)) return { ok: false, reason: 'INVALID_SELECTION' };
  if (typeof bet.amountMinor !== 'bigint') return { ok: false, reason: 'INVALID_AMOUNT' };
  if (bet.amountMinor < rule.minAmountMinor) return { ok: false, reason: 'AMOUNT_TOO_SMALL' };
  if (bet.amountMinor > rule.maxAmountMinor[oddsTable]) return { ok: false, reason: 'AMOUNT_TOO_LARGE' };
  return { ok: true, odds: rule.odds[oddsTable], oddsTable };
}

/**
 * The winning rows of a draw for every bet type of its kind. Settlement in SQL inserts these
 * rows for the draw and joins tickets on (bet_type, selection); settleBet below uses the same
 * rows, so the two cannot disagree.
 */
export function winningSelections(draw: LotteryDraw): WinningSelection[] {
  switch (draw.kind) {
    case 'ELOTT':
      return elottWinningSelections(draw);
    case 'VN':
      return vnWinningSelections(draw);
    case 'SEA':
      return seaWinningSelections(draw);
  }
}

function isWellFormed(draw: LotteryDraw): boolean {
  switch (draw.kind) {
    case 'ELOTT':
      return isElottDraw(draw);
    case 'VN':
      return isVnDraw(draw);
    case 'SEA':
      return isSeaDraw(draw);
  }
}

/**
 * Settles one ticket against a draw with integer arithmetic: payout = amount * odds * hits /
 * ODDS_SCALE, rounded down. A ticket that could not have been accepted (bad type, selection or
 * amount), or a draw of another kind, is void and its stake returned rather than guessed at.
 */
export function settleBet(kind: LotteryKind, bet: LotteryBet, draw: LotteryDraw): Settlement {
  const refund = typeof bet.amountMinor === 'bigint' && bet.amountMinor > 0n ? bet.amountMinor : 0n;
  if (draw.kind !== kind || !isWellFormed(draw)) return { status: 'void', payoutMinor: refund, hits: 0, reason: 'DRAW_MISMATCH' };
  const validation = validateBet(kind, bet);
  if (!validation.ok) return { status: 'void', payoutMinor: refund, hits: 0, reason: validation.reason };
  const row = winningSelections(draw).find((winner) => winner.betType === bet.betType && winner.selection === bet.selection);
  if (!row) return { status: 'lost', payoutMinor: 0n, hits: 0 };
  return { status: 'won', payoutMinor: payoutFor(bet.amountMinor, validation.odds, row.hits), hits: row.hits };
}
