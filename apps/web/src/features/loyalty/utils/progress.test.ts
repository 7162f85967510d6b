import { describe, expect, it } from 'vitest';
import { moneyLeft, moneyPercent } from './progress';

describe('moneyPercent', () => {
  it('counts in minor units and stops at 100', () => {
    expect(moneyPercent('1250.00', '5000.00')).toBe(25);
    expect(moneyPercent('4999.99', '5000.00')).toBe(99);
    expect(moneyPercent('6000.00', '5000.00')).toBe(100);
    expect(moneyPercent('0.00', '0.00')).toBe(100);
  });

  it('shows what is left', () => {
    expect(moneyLeft('1250.50', '5000.00')).toBe(374_950n);
    expect(moneyLeft('6000.00', '5000.00')).toBe(0n);
  });
});
