import { describe, expect, it } from 'vitest';
import { evaluateReels } from './evaluate-grid';
import { scoreLine } from './evaluate-line';
import { BENGAL_TIGER } from './titles/bengal-tiger';
import { GOLDEN_DELTA } from './titles/golden-delta';
import { LUCKY_LOTUS } from './titles/lucky-lotus';

describe('line rules (hand-checked against the paytables)', () => {
  it('pays the first symbol left to right with wilds substituting', () => {
    expect(scoreLine(BENGAL_TIGER, ['DEER', 'DEER', 'DEER', 'A', 'K'])).toEqual({ symbol: 'DEER', count: 3, coins: 60 });
    expect(scoreLine(BENGAL_TIGER, ['DEER', 'TIGER', 'DEER', 'TIGER', 'K'])).toEqual({ symbol: 'DEER', count: 4, coins: 250 });
    expect(scoreLine(BENGAL_TIGER, ['Q', 'TIGER', 'TIGER', 'TIGER', 'Q'])).toEqual({ symbol: 'Q', count: 5, coins: 200 });
    // Runs start on reel 1 only: three deer on reels 2-4 pay nothing.
    expect(scoreLine(BENGAL_TIGER, ['A', 'DEER', 'DEER', 'DEER', 'K'])).toBeNull();
    expect(scoreLine(BENGAL_TIGER, ['DEER', 'DEER', 'A', 'DEER', 'DEER'])).toBeNull();
  });

  it('pays a leading wild run on its own when that beats the substituted win', () => {
    // TIGER x3 = 100 beats A x4 = 80; TIGER x3 = 100 loses to K x5 = 250.
    expect(scoreLine(BENGAL_TIGER, ['TIGER', 'TIGER', 'TIGER', 'A', 'Q'])).toEqual({ symbol: 'TIGER', count: 3, coins: 100 });
    expect(scoreLine(BENGAL_TIGER, ['TIGER', 'TIGER', 'TIGER', 'K', 'K'])).toEqual({ symbol: 'K', count: 5, coins: 250 });
    expect(scoreLine(BENGAL_TIGER, ['TIGER', 'TIGER', 'TIGER', 'TIGER', 'TIGER'])).toEqual({ symbol: 'TIGER', count: 5, coins: 2000 });
  });

  it('never lets the wild stand in for the scatter, and a scatter ends the run', () => {
    expect(scoreLine(BENGAL_TIGER, ['TEMPLE', 'TIGER', 'TEMPLE', 'TEMPLE', 'TEMPLE'])).toBeNull();
    expect(scoreLine(BENGAL_TIGER, ['TIGER', 'TIGER', 'TEMPLE', 'A', 'A'])).toBeNull();
    expect(scoreLine(BENGAL_TIGER, ['TIGER', 'TIGER', 'TIGER', 'TEMPLE', 'A'])).toEqual({ symbol: 'TIGER', count: 3, coins: 100 });
    expect(scoreLine(BENGAL_TIGER, ['A', 'A', 'A', 'TEMPLE', 'A'])).toEqual({ symbol: 'A', count: 3, coins: 25 });
  });

  it('gives a wild without pays of its own nothing on an all-wild line (Lucky Lotus)', () => {
    expect(scoreLine(LUCKY_LOTUS, ['LOTUS', 'LOTUS', 'LOTUS', 'LOTUS', 'LOTUS'])).toBeNull();
    expect(scoreLine(LUCKY_LOTUS, ['DRAGON', 'LOTUS', 'LOTUS', 'PEARL', 'DRAGON'])).toEqual({ symbol: 'DRAGON', count: 3, coins: 100 });
  });
});

describe('evaluateReels on hand-made grids', () => {
  it('finds the single middle-line win of a Bengal Tiger grid', () => {
    const reels = [
      ['A', 'DEER', 'K'],
      ['Q', 'DEER', 'J'],
      ['NINE', 'TIGER', 'TEN'],
      ['K', 'DEER', 'Q'],
      ['J', 'MONKEY', 'A'],
    ];
    // Only line 0 (the middle row) runs three deep; every other line breaks by reel 3 (checked by hand).
    expect(evaluateReels(BENGAL_TIGER, reels)).toEqual({
      lineWins: [{ lineIndex: 0, symbol: 'DEER', count: 4, coins: 250 }],
      lineCoins: 250,
      scatterCount: 0,
      scatterPay: 0,
      freeSpinAward: 0,
    });
  });

  it('pays scatters anywhere and awards free spins', () => {
    const reels = [
      ['TEMPLE', 'J', 'K'],
      ['Q', 'NINE', 'A'],
      ['K', 'TEMPLE', 'Q'],
      ['A', 'K', 'J'],
      ['NINE', 'Q', 'TEMPLE'],
    ];
    const evaluation = evaluateReels(BENGAL_TIGER, reels);
    expect(evaluation.lineWins).toEqual([]);
    expect(evaluation.scatterCount).toBe(3);
    expect(evaluation.scatterPay).toBe(2);
    expect(evaluation.freeSpinAward).toBe(10);
  });

  it('counts wins on several lines at once (Golden Delta, 50 lines)', () => {
    // Hilsa on reel 1 top and middle, boats (wild) fill reels 2-3 except one row: many lines run.
    const reels = [
      ['HILSA', 'HILSA', 'NINE'],
      ['BOAT', 'TEN', 'J'],
      ['Q', 'BOAT', 'K'],
      ['A', 'TEN', 'NINE'],
      ['K', 'Q', 'J'],
    ];
    const evaluation = evaluateReels(GOLDEN_DELTA, reels);
    // From EXTENDED_50_PAYLINES, the lines whose first three rows are (0,0,1) or (1,0,1); none
    // reaches a hilsa or boat on reel 4, and the nines on reel 1 row 2 never get a third.
    const expectedLines = [5, 7, 29, 30, 31];
    expect(evaluation.lineWins.map((win) => win.lineIndex)).toEqual(expectedLines);
    for (const win of evaluation.lineWins) expect(win).toMatchObject({ symbol: 'HILSA', count: 3, coins: 120 });
    expect(evaluation.lineCoins).toBe(600);
  });

  it('refuses malformed grids', () => {
    expect(() => evaluateReels(BENGAL_TIGER, [['A', 'K', 'Q']])).toThrow(RangeError);
    expect(() =>
      evaluateReels(
        BENGAL_TIGER,
        Array.from({ length: 5 }, () => ['A', 'K', 'NOPE']),
      ),
    ).toThrow(RangeError);
  });
});
