import { describe, expect, it } from 'vitest';
import { fromDay, isRangeReversed, matchingPreset, presetRange } from './date-presets';

// A local noon, so no time zone moves the calendar day.
const today = new Date(2025, 2, 1, 12, 0, 0);

describe('date presets (next/previous 7 and 30 days)', () => {
  it('counts today in each range', () => {
    expect(presetRange('previous7', today)).toEqual({ from: '2025-02-23', to: '2025-03-01' });
    expect(presetRange('previous30', today)).toEqual({ from: '2025-01-31', to: '2025-03-01' });
    expect(presetRange('next7', today)).toEqual({ from: '2025-03-01', to: '2025-03-07' });
    expect(presetRange('next30', today)).toEqual({ from: '2025-03-01', to: '2025-03-30' });
  });

  it('crosses a leap day and a year end', () => {
    expect(presetRange('previous7', new Date(2024, 2, 2, 12))).toEqual({ from: '2024-02-25', to: '2024-03-02' });
    expect(presetRange('next7', new Date(2024, 11, 29, 12))).toEqual({ from: '2024-12-29', to: '2025-01-04' });
  });

  it('recognises the preset a range came from', () => {
    expect(matchingPreset(presetRange('next30', today), today)).toBe('next30');
    expect(matchingPreset({ from: '2025-03-01', to: '2025-03-02' }, today)).toBeNull();
  });

  it('flags reversed ranges', () => {
    expect(isRangeReversed({ from: '2025-03-02', to: '2025-03-01' })).toBe(true);
    expect(isRangeReversed({ from: '2025-03-01', to: '2025-03-01' })).toBe(false);
  });

  // The wallet's history picker, once its own copy: mid-afternoon still starts from today.
  it('counts from the local day whatever the hour', () => {
    const afternoon = new Date(2025, 2, 15, 13, 30);
    expect(presetRange('previous7', afternoon)).toEqual({ from: '2025-03-09', to: '2025-03-15' });
    expect(presetRange('next30', afternoon)).toEqual({ from: '2025-03-15', to: '2025-04-13' });
  });

  it('reads a typed day back as that local day', () => {
    expect(fromDay('2025-03-09')).toEqual(new Date(2025, 2, 9));
    expect(fromDay('09/03/2025')).toBeNull();
  });
});
