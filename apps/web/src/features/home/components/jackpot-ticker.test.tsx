import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  JACKPOT_START_MAX,
  JACKPOT_START_MIN,
  JACKPOT_STEP_MAX,
  JACKPOT_STEP_MIN,
  pickJackpotDelay,
  pickJackpotStart,
  pickJackpotStep,
} from '../utils/jackpot';
import { JackpotTicker } from './jackpot-ticker';

function shown(): number {
  return Number(screen.getByTestId('jackpot-amount').textContent?.replace(/,/g, ''));
}

describe('jackpot rules', () => {
  it('starts between 100,000,000 and 1,000,000,000 inclusive', () => {
    expect(pickJackpotStart(() => 0)).toBe(JACKPOT_START_MIN);
    expect(pickJackpotStart(() => 0.999_999_999_9)).toBe(JACKPOT_START_MAX);
    for (let index = 0; index < 200; index += 1) {
      const start = pickJackpotStart();
      expect(start).toBeGreaterThanOrEqual(100_000_000);
      expect(start).toBeLessThanOrEqual(1_000_000_000);
    }
  });

  it('adds 100 to 500 and waits 3, 4 or 5 seconds', () => {
    expect(pickJackpotStep(() => 0)).toBe(JACKPOT_STEP_MIN);
    expect(pickJackpotStep(() => 0.999_999)).toBe(JACKPOT_STEP_MAX);
    expect(new Set([0, 0.34, 0.67, 0.999].map((value) => pickJackpotDelay(() => value)))).toEqual(new Set([3000, 4000, 5000]));
  });
});

describe('JackpotTicker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('grows by the step after the chosen delay, and not before', () => {
    // random 0 everywhere: start 100,000,000, step 100, delay 3 s.
    render(<JackpotTicker random={() => 0} />);
    expect(shown()).toBe(100_000_000);
    expect(screen.getByTestId('jackpot-amount').textContent).toBe('100,000,000');
    act(() => vi.advanceTimersByTime(2999));
    expect(shown()).toBe(100_000_000);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBe(100_000_100);
    act(() => vi.advanceTimersByTime(3000 * 3));
    expect(shown()).toBe(100_000_400);
  });

  it('with the largest draws waits 5 s and adds 500', () => {
    render(<JackpotTicker random={() => 0.999_999} />);
    const start = shown();
    act(() => vi.advanceTimersByTime(4999));
    expect(shown()).toBe(start);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBe(start + 500);
  });
});
