import { describe, expect, it } from 'vitest';
import { applyStakePreset, isStakeValid, parseStake, toMoneyString } from './stake';

const limits = { minMinor: 100n, maxMinor: 1_000_000n, balanceMinor: 5_000n };

describe('stake presets', () => {
  it('halves down to the minimum and doubles up to the balance', () => {
    expect(applyStakePreset(1_000n, 'HALF', limits)).toBe(500n);
    expect(applyStakePreset(150n, 'HALF', limits)).toBe(100n);
    expect(applyStakePreset(1_000n, 'DOUBLE', limits)).toBe(2_000n);
    expect(applyStakePreset(4_000n, 'DOUBLE', limits)).toBe(5_000n);
  });

  it('min is the limit; max is the smaller of the limit and the balance, never under the minimum', () => {
    expect(applyStakePreset(700n, 'MIN', limits)).toBe(100n);
    expect(applyStakePreset(700n, 'MAX', limits)).toBe(5_000n);
    expect(applyStakePreset(700n, 'MAX', { ...limits, balanceMinor: 50_000_000n })).toBe(1_000_000n);
    expect(applyStakePreset(700n, 'MAX', { ...limits, balanceMinor: 20n })).toBe(100n);
  });

  it('parses typed stakes and checks them against limits and balance', () => {
    expect(parseStake('12.5')).toBe(1_250n);
    expect(parseStake('1,5')).toBeNull();
    expect(toMoneyString(1_250n)).toBe('12.50');
    expect(isStakeValid(1_250n, limits)).toBe(true);
    expect(isStakeValid(50n, limits)).toBe(false);
    expect(isStakeValid(6_000n, limits)).toBe(false);
    expect(isStakeValid(null, limits)).toBe(false);
  });
});
