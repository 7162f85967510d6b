import { describe, expect, it } from 'vitest';
import { formatMoney, leftOf, progressPercent, toMinor } from './money';

describe('promotion amounts', () => {
  it('reads API strings into minor units without floats', () => {
    expect(toMinor('0.10')).toBe(10n);
    expect(toMinor('350.00')).toBe(35000n);
    expect(toMinor('99999999999.99')).toBe(9999999999999n);
    expect(toMinor('12.345')).toBeNull();
    expect(toMinor('abc')).toBeNull();
  });

  it('formats large amounts exactly, grouped, with two decimals', () => {
    expect(formatMoney('123456789012.34', 'en-GB')).toBe('123,456,789,012.34');
    expect(formatMoney('7777', 'en-GB')).toBe('7,777.00');
    expect(formatMoney('-0.5', 'en-GB')).toBe('-0.50');
    // Bengali keeps Latin digits (amounts are compared with receipts) and its own grouping.
    expect(formatMoney('1234567.00', 'bn-BD')).toBe('12,34,567.00');
  });

  it('shows progress in whole percent and 100 only when the requirement is met', () => {
    expect(progressPercent('0.00', '8500.00')).toBe(0);
    expect(progressPercent('4250.00', '8500.00')).toBe(50);
    expect(progressPercent('8499.99', '8500.00')).toBe(99);
    expect(progressPercent('8500.00', '8500.00')).toBe(100);
    expect(progressPercent('9000.00', '8500.00')).toBe(100);
    expect(progressPercent('0.00', '0.00')).toBe(100);
  });

  it('computes what is left to the poisha and never a negative amount', () => {
    expect(leftOf('0.10', '0.30')).toBe('0.20');
    expect(leftOf('8499.99', '8500.00')).toBe('0.01');
    expect(leftOf('9000.00', '8500.00')).toBe('0.00');
  });
});
