import { describe, expect, it } from 'vitest';
import { ageOn, isOldEnough, MINIMUM_BIRTHDAY_AGE } from './age';

const today = new Date(2025, 5, 15); // 15 June 2025

describe('the 21-year birthday check', () => {
  it('is 21 (spec section 9)', () => {
    expect(MINIMUM_BIRTHDAY_AGE).toBe(21);
  });

  it('counts whole years, turning on the birthday itself', () => {
    expect(ageOn('2004-06-15', today)).toBe(21);
    expect(ageOn('2004-06-16', today)).toBe(20);
    expect(ageOn('2004-07-01', today)).toBe(20);
  });

  it('reads both date families', () => {
    expect(ageOn('06-15-2004', today)).toBe(21);
    expect(ageOn('15/06/2004', today)).toBeNull();
  });

  it('accepts 21 and older only', () => {
    expect(isOldEnough('2004-06-15', today)).toBe(true);
    expect(isOldEnough('2004-06-16', today)).toBe(false);
    expect(isOldEnough('not a date', today)).toBe(false);
  });
});
