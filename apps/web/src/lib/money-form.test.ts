import { transferUplineBody } from '@kismat/contracts/cashier';
import { describe, expect, it, vi } from 'vitest';
import { amountField, amountTextToMinor, moneyFormResolver } from './money-form';

const form = transferUplineBody
  .omit({ amount: true, idempotencyKey: true })
  .extend({ amount: amountField({ min: '100.00', max: '50000.00', message: 'Amount must be 100.00 to 50,000.00' }) });

async function resolve(values: { amount: string; paymentPassword: string }) {
  const resolver = moneyFormResolver(form, { paymentPassword: 'Enter your payment password' });
  return resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

describe('money forms', () => {
  it('parses the typed amount to minor units with the contract parser, never a float', () => {
    expect(amountTextToMinor('1,234.5')).toBe(123_450n);
    expect(amountTextToMinor(' 0.1 ')).toBe(10n);
    expect(amountTextToMinor('0.30000000000000004')).toBeNull();
    expect(amountTextToMinor('1e3')).toBeNull();
    expect(amountTextToMinor('0')).toBeNull();
  });

  it('hands the submit handler minor units within the limits', async () => {
    const result = await resolve({ amount: '100.01', paymentPassword: '123456' });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ amount: 10_001n, paymentPassword: '123456' });
  });

  // A float compare of "100.001" against 100 would pass it; the contract refuses a third decimal.
  it.each(['99.99', '50000.01', '100.001', 'abc', ''])('refuses %j with the form message', async (amount) => {
    const result = await resolve({ amount, paymentPassword: '123456' });
    expect(result.errors.amount?.message).toBe('Amount must be 100.00 to 50,000.00');
  });

  // An agent with "0.00" of earnings may move nothing: a zero ceiling is still a ceiling.
  it('keeps a zero ceiling', async () => {
    const none = amountField({ max: '0.00', message: 'Nothing to move' });
    expect(none.safeParse('1').error?.issues[0]?.message).toBe('Nothing to move');
  });

  // The wallet's forms build their schema from the render's limits: not on each render, only
  // when the form first validates, and once for that resolver.
  it('builds a schema given as a function when the form first validates, once', async () => {
    const build = vi.fn(() => form);
    const resolver = moneyFormResolver(build, { paymentPassword: 'Enter your payment password' });
    expect(build).not.toHaveBeenCalled();
    const options = { fields: {}, shouldUseNativeValidation: false };
    expect((await resolver({ amount: '99', paymentPassword: '1' }, undefined, options)).errors.amount?.message).toBe(
      'Amount must be 100.00 to 50,000.00',
    );
    expect((await resolver({ amount: '100.01', paymentPassword: '123456' }, undefined, options)).values).toEqual({
      amount: 10_001n,
      paymentPassword: '123456',
    });
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('words the contract rule of another field in the form language', async () => {
    const result = await resolve({ amount: '200', paymentPassword: '' });
    expect(result.errors.paymentPassword?.message).toBe('Enter your payment password');
  });
});
