import { describe, expect, it } from 'vitest';
import { profitSign } from './format-money';

describe('profitSign', () => {
  it('reads the sign of an amount string exactly', () => {
    expect(profitSign('12.50')).toBe(1);
    expect(profitSign('-0.01')).toBe(-1);
    expect(profitSign('0.00')).toBe(0);
    expect(profitSign('-0.00')).toBe(0);
    expect(profitSign('not money')).toBe(0);
  });
});
