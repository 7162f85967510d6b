import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatTime } from '@/lib/format-date';
import { useLanguageStore } from '@/stores/language-store';
import { formatGmtOffset, merchantWallTime } from '../utils/clock';
import { LiveClock } from './live-clock';

describe('live clock in the merchant time zone', () => {
  beforeEach(() => {
    useLanguageStore.getState().setLanguage('EN');
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T17:59:58Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('formats offsets east and west of UTC', () => {
    expect(formatGmtOffset(360)).toBe('GMT+06:00');
    expect(formatGmtOffset(330)).toBe('GMT+05:30');
    expect(formatGmtOffset(-210)).toBe('GMT-03:30');
    expect(formatGmtOffset(0)).toBe('GMT+00:00');
  });

  it('shows the wall clock of the offset, not the browser zone, across midnight', () => {
    const wall = (iso: string) => {
      const shifted = merchantWallTime(new Date(iso), 360);
      return `${formatDate(shifted, 'EN', { timeZone: 'UTC' })} ${formatTime(shifted, 'EN', { timeZone: 'UTC' })}`;
    };
    expect(wall('2025-03-01T17:59:58Z')).toBe('1 Mar 2025 23:59:58');
    expect(wall('2025-03-01T18:00:00Z')).toBe('2 Mar 2025 00:00:00');
  });

  it('ticks every second and applies the server clock skew', () => {
    render(<LiveClock offsetMinutes={360} skewMs={0} />);
    expect(screen.getByTestId('gmt-offset').textContent).toBe('GMT+06:00');
    expect(screen.getByTestId('live-clock').textContent).toBe('1 Mar 2025 23:59:58');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('live-clock').textContent).toBe('1 Mar 2025 23:59:59');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('live-clock').textContent).toBe('2 Mar 2025 00:00:00');
  });

  it('uses the site date format of the language (Bengali months, Latin digits)', () => {
    useLanguageStore.getState().setLanguage('BN');
    render(<LiveClock offsetMinutes={360} skewMs={0} />);
    expect(screen.getByTestId('live-clock').textContent).toBe('1 মার্চ, 2025 23:59:58');
  });

  it('corrects a device clock that is behind the server', () => {
    render(<LiveClock offsetMinutes={0} skewMs={60_000} />);
    expect(screen.getByTestId('live-clock').textContent).toBe('1 Mar 2025 18:00:58');
  });
});
