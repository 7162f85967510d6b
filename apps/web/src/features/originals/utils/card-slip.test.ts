import { describe, expect, it } from 'vitest';
import { addChip, cardFace, doubleSlip, isSlipValid, slipStakes, slipTotal } from './card-slip';

const limits = { minMinor: 100n, maxMinor: 1_000_000n, balanceMinor: 2_000n };

describe('card slip', () => {
  it('adds chips per bet and refuses a chip past the balance or the maximum', () => {
    let slip = addChip({}, 'DRAGON', 500n, limits);
    slip = addChip(slip, 'DRAGON', 1_000n, limits);
    slip = addChip(slip, 'TIE', 500n, limits);
    expect(slip).toEqual({ DRAGON: 1_500n, TIE: 500n });
    expect(slipTotal(slip)).toBe(2_000n);
    expect(addChip(slip, 'TIGER', 100n, limits)).toBe(slip);
    expect(addChip({}, 'TIGER', 5_000n, { ...limits, maxMinor: 1_000n, balanceMinor: 10_000n })).toEqual({});
  });

  it('doubles only when the doubled slip fits', () => {
    expect(doubleSlip({ DRAGON: 500n, TIE: 100n }, limits)).toEqual({ DRAGON: 1_000n, TIE: 200n });
    expect(doubleSlip({ DRAGON: 1_500n }, limits)).toEqual({ DRAGON: 1_500n });
    expect(doubleSlip({}, limits)).toEqual({});
  });

  it('is valid with a placed bet, each at least the minimum, within the maximum and the balance', () => {
    expect(isSlipValid({}, limits)).toBe(false);
    expect(isSlipValid({ DRAGON: 50n }, limits)).toBe(false);
    expect(isSlipValid({ DRAGON: 100n, TIE: 0n }, limits)).toBe(true);
    expect(isSlipValid({ DRAGON: 2_100n }, limits)).toBe(false);
  });

  it('sends placed bets as money strings and shows cards by rank and suit', () => {
    expect(slipStakes({ DRAGON: 1_050n, TIE: 0n, TIGER: 100n })).toEqual({ DRAGON: '10.50', TIGER: '1.00' });
    expect(cardFace(0)).toEqual({ rank: 'A', suit: '♠', isRed: false, label: 'A♠' });
    expect(cardFace(13 + 9)).toEqual({ rank: '10', suit: '♥', isRed: true, label: '10♥' });
    expect(cardFace(51).label).toBe('K♦');
  });
});
