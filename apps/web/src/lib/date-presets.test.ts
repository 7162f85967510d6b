import { afterEach, describe, expect, it } from 'vitest';
import { useSiteClockStore } from '@/stores/site-clock-store';
import {
  addDays,
  dayAt,
  dayStartInstant,
  deviceOffsetMinutes,
  isDay,
  isRangeReversed,
  matchingPreset,
  presetRange,
  siteOffsetMinutes,
  siteToday,
} from './date-presets';

const today = '2025-03-01';

afterEach(() => {
  useSiteClockStore.setState({ utcOffsetMinutes: null });
});

describe('date presets (next/previous 7 and 30 days)', () => {
  it('counts today in each range', () => {
    expect(presetRange('previous7', today)).toEqual({ from: '2025-02-23', to: '2025-03-01' });
    expect(presetRange('previous30', today)).toEqual({ from: '2025-01-31', to: '2025-03-01' });
    expect(presetRange('next7', today)).toEqual({ from: '2025-03-01', to: '2025-03-07' });
    expect(presetRange('next30', today)).toEqual({ from: '2025-03-01', to: '2025-03-30' });
  });

  it('crosses a leap day and a year end', () => {
    expect(presetRange('previous7', '2024-03-02')).toEqual({ from: '2024-02-25', to: '2024-03-02' });
    expect(presetRange('next7', '2024-12-29')).toEqual({ from: '2024-12-29', to: '2025-01-04' });
  });

  it('recognises the preset a range came from', () => {
    expect(matchingPreset(presetRange('next30', today), today)).toBe('next30');
    expect(matchingPreset({ from: '2025-03-01', to: '2025-03-02' }, today)).toBeNull();
  });

  it('flags reversed ranges', () => {
    expect(isRangeReversed({ from: '2025-03-02', to: '2025-03-01' })).toBe(true);
    expect(isRangeReversed({ from: '2025-03-01', to: '2025-03-01' })).toBe(false);
  });

  it('knows a day from anything else', () => {
    expect(isDay('2025-03-09')).toBe(true);
    expect(isDay('2025-02-30')).toBe(false);
    expect(isDay('09/03/2025')).toBe(false);
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
  });
});

describe("today is the merchant's day, not the device's", () => {
  // 20:00 on the 5th in Los Angeles (PDT, UTC-7) is 03:00 UTC on the 6th.
  const laEvening = new Date('2025-06-05T20:00:00-07:00');

  it('a Los Angeles phone at 20:00 on the 5th asks a UTC+6 merchant for the 6th', () => {
    expect(dayAt(laEvening, 360)).toBe('2025-06-06');
    expect(dayAt(laEvening, -420)).toBe('2025-06-05');
    expect(presetRange('previous7', dayAt(laEvening, 360))).toEqual({ from: '2025-05-31', to: '2025-06-06' });
  });

  it('uses the offset permission info stored, whatever the device zone', () => {
    useSiteClockStore.getState().setUtcOffsetMinutes(360);
    expect(siteOffsetMinutes()).toBe(360);
    expect(siteToday(laEvening)).toBe('2025-06-06');
    // A UTC+3 merchant (KE) is still on the 5th at 23:30 UTC and on the 6th at 21:00 UTC.
    useSiteClockStore.getState().setUtcOffsetMinutes(180);
    expect(siteToday(new Date('2025-06-05T20:30:00Z'))).toBe('2025-06-05');
    expect(siteToday(new Date('2025-06-05T21:00:00Z'))).toBe('2025-06-06');
  });

  it('on a device really set to America/Los_Angeles, 20:00 on the 5th is the 6th for a UTC+6 merchant', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      const evening = new Date(2025, 5, 5, 20, 0);
      expect(deviceOffsetMinutes(evening)).toBe(-420);
      expect(evening.getDate()).toBe(5);
      useSiteClockStore.getState().setUtcOffsetMinutes(360);
      expect(siteToday(evening)).toBe('2025-06-06');
      expect(presetRange('previous7', siteToday(evening))).toEqual({ from: '2025-05-31', to: '2025-06-06' });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("falls back to the device's offset only before permission info arrives", () => {
    const now = new Date('2025-06-05T12:00:00Z');
    expect(siteOffsetMinutes()).toBe(deviceOffsetMinutes());
    expect(siteToday(now)).toBe(dayAt(now, deviceOffsetMinutes(now)));
  });

  it("starts a day at the merchant's midnight for APIs that take instants", () => {
    expect(dayStartInstant('2025-06-06', 360)).toBe('2025-06-05T18:00:00.000Z');
    expect(dayStartInstant('2025-06-06', 180)).toBe('2025-06-05T21:00:00.000Z');
    expect(dayStartInstant('06/06/2025', 360)).toBeNull();
  });
});
