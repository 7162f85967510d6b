import { describe, expect, it } from 'vitest';
import { isLoosening, limitFormSchema, splitMinutes } from './limit-form';

const messages = { amount: 'Enter an amount of at least 1.00', minutes: 'Enter whole minutes, 1 to 43200' };

describe('limit form', () => {
  const money = limitFormSchema('MONEY', messages);
  const minutes = limitFormSchema('MINUTES', messages);

  it('reads a money limit exactly and sends it as the API amount', () => {
    expect(money.parse({ value: '1,000' })).toEqual({ value: '1000.00' });
    expect(money.parse({ value: '250.5' })).toEqual({ value: '250.50' });
    // Bengali digits as a BN keyboard types them.
    expect(money.parse({ value: '৫০০' })).toEqual({ value: '500.00' });
  });

  it('refuses an empty, zero, negative, too small or malformed amount with the form message', () => {
    for (const value of ['', '0', '-5', '0.99', 'abc', '1.234', '10e3']) {
      const result = money.safeParse({ value });
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(messages.amount);
    }
  });

  it('reads a session-time limit as whole minutes', () => {
    expect(minutes.parse({ value: '90' })).toEqual({ value: '90' });
    expect(minutes.parse({ value: ' ১২০ ' })).toEqual({ value: '120' });
    expect(minutes.parse({ value: '43200' })).toEqual({ value: '43200' });
  });

  it('refuses minutes out of range or not whole', () => {
    for (const value of ['', '0', '43201', '1.5', '-10', '90m']) {
      const result = minutes.safeParse({ value });
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(messages.minutes);
    }
  });

  it('tells a loosening (waits 24 h) from a tightening (at once), exactly', () => {
    expect(isLoosening('MONEY', '1000.00', '1000.01')).toBe(true);
    expect(isLoosening('MONEY', '1000.00', '999.99')).toBe(false);
    expect(isLoosening('MONEY', '1000.00', '1000.00')).toBe(false);
    expect(isLoosening('MONEY', null, '5000.00')).toBe(false);
    expect(isLoosening('MINUTES', '60', '61')).toBe(true);
    expect(isLoosening('MINUTES', '60', '30')).toBe(false);
  });

  it('reads minutes out as hours and minutes', () => {
    expect(splitMinutes(90)).toEqual({ hours: 1, minutes: 30 });
    expect(splitMinutes(45)).toEqual({ hours: 0, minutes: 45 });
  });
});
