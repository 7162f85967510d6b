import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, secondsUntil } from '../utils/countdown';
import { IssueCountdown } from './issue-countdown';

describe('issue countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down to the cutoff from the deadline and announces the close once', () => {
    const onCutoff = vi.fn();
    render(<IssueCountdown issueNo="20261122-0042" cutoffAt="2026-11-22T10:01:15Z" offsetMs={0} onCutoff={onCutoff} />);
    const clock = () => screen.getByTestId('issue-countdown').querySelector('strong')?.textContent;
    expect(clock()).toBe('01:15');
    expect(screen.getByText('Issue 20261122-0042')).toBeTruthy();
    act(() => vi.advanceTimersByTime(5_000));
    expect(clock()).toBe('01:10');
    act(() => vi.advanceTimersByTime(70_000));
    expect(clock()).toBe('Betting closed');
    act(() => vi.advanceTimersByTime(3_000));
    expect(onCutoff).toHaveBeenCalledTimes(1);
  });

  it('uses the server clock offset, not the device clock', () => {
    // The device is 30 s behind the server: 45 s are left, not 75.
    render(<IssueCountdown issueNo="1" cutoffAt="2026-11-22T10:01:15Z" offsetMs={30_000} />);
    expect(screen.getByTestId('issue-countdown').querySelector('strong')?.textContent).toBe('00:45');
  });

  it('formats minutes and hours and never goes negative', () => {
    expect(formatCountdown(75)).toBe('01:15');
    expect(formatCountdown(3723)).toBe('1:02:03');
    expect(formatCountdown(-4)).toBe('00:00');
    expect(secondsUntil('2026-11-22T09:59:00Z', Date.now())).toBe(0);
    expect(secondsUntil('not a date', Date.now())).toBe(0);
  });
});
