import { describe, expect, it } from 'vitest';
import { presetRange, toDateInput } from './date-presets';

describe('date presets', () => {
  const now = new Date(2025, 2, 15, 13, 30);
  it('covers the previous 7 and 30 days including today', () => {
    const last7 = presetRange('last7', now);
    expect([toDateInput(last7.from), toDateInput(last7.to)]).toEqual(['2025-03-09', '2025-03-16']);
    expect(toDateInput(presetRange('last30', now).from)).toBe('2025-02-14');
  });
  it('covers the next 7 and 30 days from today', () => {
    const next7 = presetRange('next7', now);
    expect([toDateInput(next7.from), toDateInput(next7.to)]).toEqual(['2025-03-15', '2025-03-22']);
    expect(toDateInput(presetRange('next30', now).to)).toBe('2025-04-14');
  });
});
