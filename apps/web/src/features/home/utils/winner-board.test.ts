import { describe, expect, it } from 'vitest';
import { formatWinAmount, maskCustomerName, splitWinners } from './winner-board';

describe('splitWinners', () => {
  it('puts ranks 1 to 3 on the podium and starts the list at rank 4', () => {
    const { podium, rest } = splitWinners(['a', 'b', 'c', 'd', 'e']);
    expect(podium.map((winner) => [winner.rank, winner.entry])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    expect(rest.map((winner) => winner.rank)).toEqual([4, 5]);
  });

  it('copes with fewer than three winners', () => {
    expect(splitWinners(['a'])).toEqual({ podium: [{ rank: 1, entry: 'a' }], rest: [] });
    expect(splitWinners([])).toEqual({ podium: [], rest: [] });
  });
});

describe('formatWinAmount', () => {
  it('shows two decimals and thousands separators', () => {
    expect(formatWinAmount('1234567.5')).toBe('1,234,567.50');
    expect(formatWinAmount('0.1')).toBe('0.10');
    expect(formatWinAmount(1000)).toBe('1,000.00');
    expect(formatWinAmount('999.999')).toBe('1,000.00');
  });

  it('keeps Latin digits in Bengali', () => {
    expect(formatWinAmount('12345.6', 'bn-BD')).toMatch(/^[0-9,.]+$/);
  });

  it('returns text that is not a number unchanged', () => {
    expect(formatWinAmount('n/a')).toBe('n/a');
  });
});

describe('maskCustomerName', () => {
  it('keeps a name the server masked, masks a plain one', () => {
    expect(maskCustomerName('de***er')).toBe('de***er');
    expect(maskCustomerName('demoplayer')).toBe('de***er');
    expect(maskCustomerName('abc')).toBe('a***c');
  });
});
