import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AmountError, amountInput, formatAmount, MAX_AMOUNT_MINOR, parseAmount, tryParseAmount } from './wallet';

describe('parseAmount', () => {
  it.each([
    ['0.01', 1n],
    ['1', 100n],
    ['1.5', 150n],
    ['1.50', 150n],
    ['1234.56', 123456n],
    ['999999999999.99', MAX_AMOUNT_MINOR],
  ])('reads %s as %s minor units', (input, expected) => {
    expect(parseAmount(input)).toBe(expected);
  });

  it('accepts the maximum and refuses one poisha more', () => {
    expect(parseAmount(formatAmount(MAX_AMOUNT_MINOR))).toBe(MAX_AMOUNT_MINOR);
    expect(tryParseAmount(formatAmount(MAX_AMOUNT_MINOR + 1n))).toEqual({ ok: false, reason: 'TOO_LARGE' });
    expect(tryParseAmount('10.00', { max: 999n })).toEqual({ ok: false, reason: 'TOO_LARGE' });
    expect(tryParseAmount('1000000000000.00')).toEqual({ ok: false, reason: 'TOO_LARGE' });
    expect(tryParseAmount('1'.repeat(400))).toEqual({ ok: false, reason: 'TOO_LARGE' });
  });

  it.each([
    ['1.005', 'TOO_MANY_DECIMALS'],
    ['1.000', 'TOO_MANY_DECIMALS'],
    ['0.001', 'TOO_MANY_DECIMALS'],
    ['', 'FORMAT'],
    [' 1', 'FORMAT'],
    ['1 ', 'FORMAT'],
    ['1.', 'FORMAT'],
    ['.5', 'FORMAT'],
    ['+1', 'FORMAT'],
    ['01', 'FORMAT'],
    ['1e3', 'FORMAT'],
    ['1,000', 'FORMAT'],
    ['১০০', 'FORMAT'],
    ['NaN', 'FORMAT'],
    ['Infinity', 'FORMAT'],
    ['0x10', 'FORMAT'],
    ['-0', 'FORMAT'],
    ['-0.00', 'FORMAT'],
    ['-1', 'NEGATIVE'],
    ['0', 'ZERO'],
    ['0.00', 'ZERO'],
  ])('refuses %j (%s)', (input, reason) => {
    expect(tryParseAmount(input)).toEqual({ ok: false, reason });
    expect(() => parseAmount(input)).toThrow(AmountError);
  });

  it('refuses float rounding traps instead of rounding them', () => {
    expect(tryParseAmount(0.1 + 0.2)).toEqual({ ok: false, reason: 'TOO_MANY_DECIMALS' });
    expect(tryParseAmount(1.005)).toEqual({ ok: false, reason: 'TOO_MANY_DECIMALS' });
    expect(tryParseAmount(1e21)).toEqual({ ok: false, reason: 'FORMAT' });
    expect(tryParseAmount(Number.NaN)).toEqual({ ok: false, reason: 'NOT_A_STRING' });
    expect(tryParseAmount(Number.POSITIVE_INFINITY)).toEqual({ ok: false, reason: 'NOT_A_STRING' });
    expect(tryParseAmount(10n)).toEqual({ ok: false, reason: 'NOT_A_STRING' });
    expect(tryParseAmount(null)).toEqual({ ok: false, reason: 'NOT_A_STRING' });
    expect(parseAmount(0.1)).toBe(10n);
    expect(parseAmount(19.99)).toBe(1999n);
  });

  it('accepts negatives and zero only when asked', () => {
    expect(parseAmount('-12.34', { allowNegative: true })).toBe(-1234n);
    expect(parseAmount('0', { allowZero: true })).toBe(0n);
    expect(tryParseAmount(formatAmount(-MAX_AMOUNT_MINOR - 1n), { allowNegative: true })).toEqual({ ok: false, reason: 'TOO_LARGE' });
  });
});

describe('formatAmount', () => {
  it.each([
    [0n, '0.00'],
    [1n, '0.01'],
    [-5n, '-0.05'],
    [100n, '1.00'],
    [123456n, '1234.56'],
    [-123456n, '-1234.56'],
  ])('writes %s as %s', (minor, text) => {
    expect(formatAmount(minor)).toBe(text);
  });

  it('round-trips every amount in range', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_AMOUNT_MINOR, max: MAX_AMOUNT_MINOR }), (minor) => {
        const text = formatAmount(minor);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        expect(parseAmount(text, { allowNegative: true, allowZero: true })).toBe(minor);
      }),
      { numRuns: 500 },
    );
  });

  it('never accepts a string with more than two decimals', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.stringMatching(/^\d{3,6}$/), (whole, fraction) => {
        expect(tryParseAmount(`${whole}.${fraction}`).ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe('amountInput', () => {
  it('turns a valid field into minor units and reports the reason otherwise', () => {
    const schema = amountInput();
    expect(schema.parse('25.50')).toBe(2550n);
    const failed = schema.safeParse('25.555');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toBe('amount TOO_MANY_DECIMALS');
    expect(amountInput({ allowNegative: true }).parse('-1')).toBe(-100n);
  });
});
