import { describe, expect, it } from 'vitest';
import { clockSkewMs, MAX_STEP_MS, minutesBetween, nextStep } from './reality-check-schedule';

const T0 = Date.parse('2026-11-26T10:00:00.000Z');

describe('reality-check schedule', () => {
  it('is off when the server names no due time', () => {
    expect(nextStep(null, T0, 0)).toEqual({ kind: 'off' });
    expect(nextStep('not a date', T0, 0)).toEqual({ kind: 'off' });
  });

  it('waits exactly until the due time when it is close', () => {
    expect(nextStep('2026-11-26T10:00:45.000Z', T0, 0)).toEqual({ kind: 'wait', delayMs: 45_000 });
  });

  it('cuts a long wait into steps so a throttled background timer is re-read', () => {
    expect(nextStep('2026-11-26T10:30:00.000Z', T0, 0)).toEqual({ kind: 'wait', delayMs: MAX_STEP_MS });
  });

  it('is due at and after the due time', () => {
    expect(nextStep('2026-11-26T10:00:00.000Z', T0, 0)).toEqual({ kind: 'due' });
    expect(nextStep('2026-11-26T09:59:00.000Z', T0, 0)).toEqual({ kind: 'due' });
  });

  it('follows the server clock, not a browser clock that is off', () => {
    // The browser is 3 minutes slow: the server already reads 10:03.
    const skew = clockSkewMs('2026-11-26T10:03:00.000Z', T0);
    expect(skew).toBe(180_000);
    expect(nextStep('2026-11-26T10:02:30.000Z', T0, skew)).toEqual({ kind: 'due' });
    expect(nextStep('2026-11-26T10:03:20.000Z', T0, skew)).toEqual({ kind: 'wait', delayMs: 20_000 });
  });

  it('steps through a 15-minute interval and opens on its minute', () => {
    const due = '2026-11-26T10:15:00.000Z';
    let now = T0;
    let steps = 0;
    for (let guard = 0; guard < 100; guard += 1) {
      const step = nextStep(due, now, 0);
      if (step.kind !== 'wait') break;
      now += step.delayMs;
      steps += 1;
    }
    expect(now).toBe(Date.parse(due));
    expect(steps).toBe(15);
  });

  it('counts whole minutes played', () => {
    expect(minutesBetween('2026-11-26T09:00:30.000Z', T0)).toBe(59);
    expect(minutesBetween('2026-11-26T10:05:00.000Z', T0)).toBe(0);
  });
});
