import { describe, expect, it } from 'vitest';
import { contributionOf, expectedPrizeOf, limitPeriodOf, payTurnover, rewardAmountOf, turnoverOf } from './promotion-rules';

describe('promotion arithmetic (integer minor units)', () => {
  it('pays 70% of a deposit up to the cap, and a fixed reward as it is', () => {
    const rule = { kind: 'PERCENT', percentBp: 7000, cap: '700000' } as const;
    expect(rewardAmountOf(rule, 50_000n)).toBe(35_000n);
    expect(rewardAmountOf(rule, 2_000_000n)).toBe(700_000n);
    // 70% of 0.03 is 0.021: the poisha not earned is not paid.
    expect(rewardAmountOf(rule, 3n)).toBe(2n);
    expect(rewardAmountOf({ kind: 'FIXED', amount: '37700' }, 1n)).toBe(37_700n);
    expect(rewardAmountOf({ kind: 'PRIZE_TABLE', prizes: [] }, 1n)).toBeNull();
  });

  it('rounds turnover up and counts a game type at its contribution, else the default, else 100', () => {
    expect(turnoverOf(35_000n, 100_000)).toBe(350_000n);
    expect(turnoverOf(3n, 5_000)).toBe(2n);
    expect(contributionOf({ LIVE: 10, '*': 50 }, 'LIVE')).toBe(10);
    expect(contributionOf({ LIVE: 10, '*': 50 }, 'RNG')).toBe(50);
    expect(contributionOf({ LIVE: 10 }, 'RNG')).toBe(100);
    expect(contributionOf({ RNG: 0 }, 'RNG')).toBe(0);
  });

  it('pays requirements oldest first; the raw bet a met one did not need flows on at the next one’s contribution', () => {
    type Requirement = { required: bigint; done: bigint; contributions: Record<string, number> };
    const second: Requirement = { required: 5_000n, done: 0n, contributions: {} };
    const requirements: Requirement[] = [{ required: 1_000n, done: 900n, contributions: { LIVE: 10 } }, second];
    // 100 counted at 10% needs 1000 raw; the other 1000 raw count in full on the second.
    expect([...payTurnover(requirements, 'LIVE', 2_000n)]).toEqual([
      [0, 1_000n],
      [1, 1_000n],
    ]);
    // A type that counts 0 on the first leaves it untouched and pays the second.
    expect([...payTurnover([{ required: 10n, done: 0n, contributions: { RNG: 0 } }, second], 'RNG', 7n)]).toEqual([[1, 7n]]);
    // Less than what is left: the first takes all of it.
    expect([...payTurnover(requirements, 'RNG', 50n)]).toEqual([[0, 950n]]);
  });

  it('names limit periods in the site time zone (UTC+6): day, ISO week from Monday, month', () => {
    const lateSunday = new Date('2026-11-29T19:30:00Z'); // Monday 01:30 in Dhaka
    expect(limitPeriodOf('DAY', lateSunday, 360)).toBe('D:2026-11-30');
    expect(limitPeriodOf('WEEK', lateSunday, 360)).toBe('W:2026-11-30');
    expect(limitPeriodOf('WEEK', lateSunday, 0)).toBe('W:2026-11-23');
    expect(limitPeriodOf('MONTH', lateSunday, 360)).toBe('M:2026-11');
    expect(limitPeriodOf('NONE', lateSunday, 360)).toBe('ALL');
  });

  it('averages a prize table by weight', () => {
    expect(
      expectedPrizeOf([
        { amount: 777_700n, weight: 1 },
        { amount: 1_000n, weight: 999 },
      ]),
    ).toBe(1_776n);
  });
});
