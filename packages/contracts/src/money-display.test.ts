import { describe, expect, it } from 'vitest';
import { formatMoneyForDisplay, signOfMoney } from './money-display';

const LOCALES = ['en-US', 'en-GB', 'bn-BD', 'sw-KE'];

describe('formatMoneyForDisplay', () => {
  // Where a float is still exact, the result is what Intl writes for the number: same separators,
  // same minus, same grouping (bn-BD groups lakhs and crores).
  it.each(LOCALES)('writes what Intl writes for exact values in %s', (locale) => {
    const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, numberingSystem: 'latn' });
    for (const amount of ['0.00', '0.05', '-0.05', '1.50', '999.99', '1000.00', '-1234.56', '123456.78', '12345678.90']) {
      expect(formatMoneyForDisplay(amount, locale)).toBe(intl.format(Number(amount)));
    }
  });

  it('keeps every poisha where a float would not', () => {
    // 2^53 + 1 minor units: Number("90071992547409.93") is 90071992547409.94.
    expect(formatMoneyForDisplay('90071992547409.93')).toBe('90,071,992,547,409.93');
    expect(formatMoneyForDisplay(9_007_199_254_740_993n)).toBe('90,071,992,547,409.93');
    expect(formatMoneyForDisplay('-0.01', 'bn-BD')).toBe('-0.01');
    expect(formatMoneyForDisplay('10000000', 'bn-BD')).toBe('1,00,00,000.00');
  });

  it('reads minor units and short spellings', () => {
    expect(formatMoneyForDisplay(123_450n, 'en-GB')).toBe('1,234.50');
    expect(formatMoneyForDisplay('7', 'en-GB')).toBe('7.00');
    expect(formatMoneyForDisplay('7.5', 'en-GB')).toBe('7.50');
  });

  it('gives back text that is not an amount', () => {
    expect(formatMoneyForDisplay('n/a')).toBe('n/a');
    expect(formatMoneyForDisplay('1e5')).toBe('1e5');
  });
});

describe('signOfMoney', () => {
  it('reads the sign exactly', () => {
    expect(signOfMoney('-0.01')).toBe(-1);
    expect(signOfMoney('0.00')).toBe(0);
    expect(signOfMoney('90071992547409.93')).toBe(1);
    expect(signOfMoney(-5n)).toBe(-1);
    expect(signOfMoney(null)).toBe(0);
    expect(signOfMoney('oops')).toBe(0);
  });
});
