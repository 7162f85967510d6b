import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOTTERY_BET_TYPES } from './bet-types';
import { drawElott } from './elott';
import type { ElottDraw, LotteryBet, LotteryKind, SeaDraw, VnDraw } from './lottery-types';
import { PRIZE_MODES } from './prize-modes';
import { drawSea } from './sea';
import { settleBet, validateBet, winningSelections } from './settle-bet';
import { drawVn } from './vn';

const elott: ElottDraw = { kind: 'ELOTT', digits: [3, 7, 0, 9, 5] }; // sum 24: big, even
const vn: VnDraw = {
  kind: 'VN',
  prizes: {
    special: ['12345'],
    first: ['00045'],
    second: ['67890', '11145'],
    third: ['10001', '20002', '30003', '40004', '50005', '60006'],
    fourth: ['1234', '5678', '9045', '0000'],
    fifth: ['1111', '2222', '3333', '4444', '5555', '6666'],
    sixth: ['777', '888', '999'],
    seventh: ['12', '34', '56', '78'],
  },
};
const sea: SeaDraw = { kind: 'SEA', firstPrize: '123456', twoBottom: '78' };
const bet = (betType: string, selection: string, amountMinor = 1_000n): LotteryBet => ({ betType, selection, amountMinor });

describe('settleBet on hand-made draws', () => {
  it.each([
    ['POSITION_DIGIT', '2-7', 'won', 9_700n],
    ['POSITION_DIGIT', '2-6', 'lost', 0n],
    ['POSITION_SIZE', '1-SMALL', 'won', 1_950n],
    ['POSITION_SIZE', '5-BIG', 'won', 1_950n],
    ['POSITION_SIZE', '3-BIG', 'lost', 0n],
    ['POSITION_PARITY', '4-ODD', 'won', 1_950n],
    ['POSITION_PARITY', '3-EVEN', 'won', 1_950n],
    ['POSITION_PARITY', '1-EVEN', 'lost', 0n],
    ['SUM_SIZE', 'BIG', 'won', 1_950n],
    ['SUM_SIZE', 'SMALL', 'lost', 0n],
    ['SUM_PARITY', 'EVEN', 'won', 1_950n],
    ['SUM_PARITY', 'ODD', 'lost', 0n],
  ] as const)('ELOTT %s %s is %s paying %s', (betType, selection, status, payout) => {
    expect(settleBet('ELOTT', bet(betType, selection), elott)).toMatchObject({ status, payoutMinor: payout });
  });

  it('ELOTT: the sum splits small 0-22 / big 23-45', () => {
    expect(settleBet('ELOTT', bet('SUM_SIZE', 'SMALL'), { kind: 'ELOTT', digits: [9, 9, 4, 0, 0] })).toMatchObject({ status: 'won' });
    expect(settleBet('ELOTT', bet('SUM_SIZE', 'BIG'), { kind: 'ELOTT', digits: [9, 9, 5, 0, 0] })).toMatchObject({ status: 'won' });
  });

  it('VN: lô pays once per prize ending in the number; đề reads the special prize', () => {
    // Ending 45: special, first, one second and one fourth prize.
    expect(settleBet('VN', bet('LO', '45'), vn)).toEqual({ status: 'won', payoutMinor: 14_200n, hits: 4 });
    expect(settleBet('VN', bet('LO', '12'), vn)).toEqual({ status: 'won', payoutMinor: 3_550n, hits: 1 });
    expect(settleBet('VN', bet('LO', '99'), vn)).toEqual({ status: 'won', payoutMinor: 3_550n, hits: 1 });
    expect(settleBet('VN', bet('LO', '98'), vn)).toEqual({ status: 'lost', payoutMinor: 0n, hits: 0 });
    expect(settleBet('VN', bet('DE', '45'), vn)).toEqual({ status: 'won', payoutMinor: 96_000n, hits: 1 });
    expect(settleBet('VN', bet('DE', '90'), vn)).toMatchObject({ status: 'lost' });
  });

  it('SEA: 3-top and 2-top read the first prize, 2-bottom its own number', () => {
    expect(settleBet('SEA', bet('THREE_TOP', '456'), sea)).toMatchObject({ status: 'won', payoutMinor: 960_000n });
    expect(settleBet('SEA', bet('THREE_TOP', '654'), sea)).toMatchObject({ status: 'lost' });
    expect(settleBet('SEA', bet('TWO_TOP', '56'), sea)).toMatchObject({ status: 'won', payoutMinor: 96_000n });
    expect(settleBet('SEA', bet('TWO_BOTTOM', '78'), sea)).toMatchObject({ status: 'won', payoutMinor: 96_000n });
    expect(settleBet('SEA', bet('TWO_BOTTOM', '56'), sea)).toMatchObject({ status: 'lost' });
  });

  it('uses the ZY table when the ticket names it', () => {
    expect(settleBet('ELOTT', { ...bet('POSITION_DIGIT', '2-7'), oddsTable: 'zy' }, elott)).toMatchObject({ payoutMinor: 9_800n });
  });

  it('rounds payouts down to the minor unit with integer arithmetic', () => {
    // 1.01 at 1.95 is 1.9695: paid 1.96.
    expect(settleBet('ELOTT', bet('SUM_SIZE', 'BIG', 101n), elott)).toMatchObject({ payoutMinor: 196n });
  });

  it('voids (refunds) tickets that could not have been accepted, and draws of another kind', () => {
    expect(settleBet('VN', bet('LO', '45'), elott)).toMatchObject({ status: 'void', payoutMinor: 1_000n, reason: 'DRAW_MISMATCH' });
    expect(settleBet('ELOTT', bet('POSITION_DIGIT', '6-1'), elott)).toMatchObject({ status: 'void', payoutMinor: 1_000n });
    expect(settleBet('ELOTT', bet('POSITION_DIGIT', '1-3', 10_000_000n), elott)).toMatchObject({
      status: 'void',
      reason: 'AMOUNT_TOO_LARGE',
    });
    expect(settleBet('ELOTT', bet('SUM_SIZE', 'BIG'), { kind: 'ELOTT', digits: [1, 2, 3] })).toMatchObject({ status: 'void' });
  });
});

describe('validateBet', () => {
  it('checks type, selection spelling, odds table and stake limits', () => {
    expect(validateBet('ELOTT', bet('POSITION_DIGIT', '1-0'))).toEqual({ ok: true, odds: 97_000n, oddsTable: 'standard' });
    expect(validateBet('ELOTT', bet('NOPE', '1-0'))).toEqual({ ok: false, reason: 'UNKNOWN_BET_TYPE' });
    expect(validateBet('ELOTT', bet('POSITION_DIGIT', '1-10'))).toEqual({ ok: false, reason: 'INVALID_SELECTION' });
    expect(validateBet('VN', bet('LO', '7'))).toEqual({ ok: false, reason: 'INVALID_SELECTION' });
    expect(validateBet('SEA', bet('THREE_TOP', '0456'))).toEqual({ ok: false, reason: 'INVALID_SELECTION' });
    expect(validateBet('VN', bet('DE', '07', 99n))).toEqual({ ok: false, reason: 'AMOUNT_TOO_SMALL' });
    expect(validateBet('SEA', bet('THREE_TOP', '007', 100_001n))).toEqual({ ok: false, reason: 'AMOUNT_TOO_LARGE' });
    expect(validateBet('SEA', { ...bet('THREE_TOP', '007', 60_000n), oddsTable: 'zy' })).toEqual({ ok: false, reason: 'AMOUNT_TOO_LARGE' });
    expect(validateBet('VN', { ...bet('DE', '07'), oddsTable: 'other' as 'zy' })).toEqual({ ok: false, reason: 'UNKNOWN_ODDS_TABLE' });
    expect(validateBet('VN', { ...bet('DE', '07'), amountMinor: 100 as unknown as bigint })).toEqual({
      ok: false,
      reason: 'INVALID_AMOUNT',
    });
  });
});

describe('winning selections (the SQL settlement table)', () => {
  const draws = [elott, vn, sea, drawElott({ serverSeed: new Uint8Array(32), clientSeed: 'x', nonce: 1 })];
  it('lists only valid, distinct selections', () => {
    for (const draw of draws) {
      const rows = winningSelections(draw);
      const keys = rows.map((row) => `${row.betType}|${row.selection}`);
      expect(new Set(keys).size).toBe(keys.length);
      for (const row of rows) {
        const rule = LOTTERY_BET_TYPES[draw.kind].find((candidate) => candidate.betType === row.betType);
        expect(rule?.selections).toContain(row.selection);
        expect(row.hits).toBeGreaterThan(0);
      }
    }
    expect(
      winningSelections(vn)
        .filter((row) => row.betType === 'LO')
        .reduce((sum, row) => sum + row.hits, 0),
    ).toBe(27);
  });

  it('maps every prize mode to lotteries and an odds table', () => {
    expect(PRIZE_MODES.LOTT).toEqual({ kinds: ['VN'], oddsTable: 'standard' });
    expect(PRIZE_MODES.ZY.oddsTable).toBe('zy');
    expect(Object.keys(PRIZE_MODES).sort()).toEqual(['ELOTT', 'LOTT', 'SEA', 'ZY']);
  });
});

describe('settlement properties', () => {
  const kinds: LotteryKind[] = ['ELOTT', 'VN', 'SEA'];
  const drawFor = (kind: LotteryKind, nonce: number) => {
    const seeds = { serverSeed: new Uint8Array(32).fill(9), clientSeed: 'property', nonce };
    return kind === 'ELOTT' ? drawElott(seeds) : kind === 'VN' ? drawVn(seeds) : drawSea(seeds);
  };
  it('is deterministic, never negative, and never above amount x odds x 27', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        fc.nat({ max: 10_000 }),
        fc.nat(),
        fc.nat(),
        fc.bigInt({ min: 1n, max: 3_000_000n }),
        fc.constantFrom('standard' as const, 'zy' as const),
        (kind, nonce, typeIndex, selectionIndex, amountMinor, oddsTable) => {
          const rules = LOTTERY_BET_TYPES[kind];
          const rule = rules[typeIndex % rules.length]!;
          const ticket = {
            betType: rule.betType,
            selection: rule.selections[selectionIndex % rule.selections.length]!,
            amountMinor,
            oddsTable,
          };
          const draw = drawFor(kind, nonce);
          const first = settleBet(kind, ticket, draw);
          const second = settleBet(kind, ticket, draw);
          const valid = validateBet(kind, ticket).ok;
          return (
            JSON.stringify(first, (_, value) => (typeof value === 'bigint' ? value.toString() : value)) ===
              JSON.stringify(second, (_, value) => (typeof value === 'bigint' ? value.toString() : value)) &&
            first.payoutMinor >= 0n &&
            first.payoutMinor <= (amountMinor * rule.odds[oddsTable] * 27n) / 10_000n &&
            (valid ? first.status !== 'void' : first.status === 'void' && first.payoutMinor === amountMinor)
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
