import { describe, expect, it } from 'vitest';
import { moneySign } from './format-money';

describe('moneySign', () => {
  it('reads the sign of an amount string exactly', () => {
    expect(moneySign('12.50')).toBe(1);
    expect(moneySign('-0.01')).toBe(-1);
    expect(moneySign('0.00')).toBe(0);
    expect(moneySign('-0.00')).toBe(0);
    expect(moneySign('not money')).toBe(0);
  });
});
