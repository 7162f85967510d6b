import type { LotteryKind } from './house-games-types';

/**
 * Canonical selections per bet type, as the server and packages/game-math spell them: ELOTT
 * "3-7", "2-BIG", sum "ODD"; VN and SEA zero-padded digits ("07", "456").
 */
const DIGITS = /^\d$/;
const POSITION = /^[1-5]$/;
const SIZE = ['BIG', 'SMALL'];
const PARITY = ['ODD', 'EVEN'];

export type SelectionProblem = 'EMPTY' | 'WRONG_LENGTH' | 'NOT_DIGITS' | 'UNKNOWN_OPTION' | 'UNKNOWN_BET_TYPE';

export type SelectionCheck = { ok: true; selection: string } | { ok: false; problem: SelectionProblem };

function digitsOfLength(raw: string, length: number): SelectionCheck {
  const text = raw.trim();
  if (text === '') return { ok: false, problem: 'EMPTY' };
  if (!/^\d+$/.test(text)) return { ok: false, problem: 'NOT_DIGITS' };
  if (text.length !== length) return { ok: false, problem: 'WRONG_LENGTH' };
  return { ok: true, selection: text };
}

function positionOption(raw: string, options: readonly string[], isDigit: boolean): SelectionCheck {
  const [position, value] = raw.split('-');
  if (!position || !value) return { ok: false, problem: 'EMPTY' };
  if (!POSITION.test(position)) return { ok: false, problem: 'UNKNOWN_OPTION' };
  if (isDigit ? !DIGITS.test(value) : !options.includes(value)) return { ok: false, problem: 'UNKNOWN_OPTION' };
  return { ok: true, selection: `${position}-${value}` };
}

/** Checks a picked or typed selection before it reaches the slip. */
export function checkSelection(kind: LotteryKind, betType: string, raw: string): SelectionCheck {
  if (kind === 'ELOTT') {
    if (betType === 'POSITION_DIGIT') return positionOption(raw, [], true);
    if (betType === 'POSITION_SIZE') return positionOption(raw, SIZE, false);
    if (betType === 'POSITION_PARITY') return positionOption(raw, PARITY, false);
    if (betType === 'SUM_SIZE' || betType === 'SUM_PARITY') {
      if (raw === '') return { ok: false, problem: 'EMPTY' };
      return (betType === 'SUM_SIZE' ? SIZE : PARITY).includes(raw)
        ? { ok: true, selection: raw }
        : { ok: false, problem: 'UNKNOWN_OPTION' };
    }
    return { ok: false, problem: 'UNKNOWN_BET_TYPE' };
  }
  if (kind === 'VN') {
    if (betType === 'LO' || betType === 'DE') return digitsOfLength(raw, 2);
    return { ok: false, problem: 'UNKNOWN_BET_TYPE' };
  }
  if (betType === 'THREE_TOP') return digitsOfLength(raw, 3);
  if (betType === 'TWO_TOP' || betType === 'TWO_BOTTOM') return digitsOfLength(raw, 2);
  return { ok: false, problem: 'UNKNOWN_BET_TYPE' };
}

/** The lottery kind of a page: /vnLottery is VN, /seaLottery SEA, /lottery the fast ELOTT draws. */
export function kindOfPath(pathname: string): LotteryKind {
  const path = pathname.toLowerCase();
  if (path.startsWith('/vnlottery')) return 'VN';
  if (path.startsWith('/sealottery')) return 'SEA';
  return 'ELOTT';
}

/**
 * The page of a lottery game from its code's family (ELOTT_1M, VN_NORTH, SEA_THAI): a launch
 * from a lottery lane lands on /lottery, and a VN or SEA game there moves to its own page.
 */
export function kindOfGameCode(gameCode: string): LotteryKind | null {
  const family = gameCode.split('_')[0]?.toUpperCase();
  return family === 'ELOTT' || family === 'VN' || family === 'SEA' ? family : null;
}
