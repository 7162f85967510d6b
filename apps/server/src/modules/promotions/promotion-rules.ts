import { BASIS_POINTS, type LimitPeriod } from '@kismat/contracts/promotions';
import type { PromotionRewardRule } from '../../db/schema/promotions';

/*
 * The arithmetic of promotions, pure and in integer minor units: what a rule pays, how much
 * turnover an amount makes, what part of a bet counts, which limit period a moment is in.
 */

/** The limit period `at` falls in, in the site's time zone: 'ALL', 'D:2026-11-26', 'W:2026-11-23' (Monday), 'M:2026-11'. */
export function limitPeriodOf(period: LimitPeriod, at: Date, utcOffsetMinutes: number): string {
  if (period === 'NONE') return 'ALL';
  const local = new Date(at.getTime() + utcOffsetMinutes * 60_000);
  const day = local.toISOString().slice(0, 10);
  if (period === 'DAY') return `D:${day}`;
  if (period === 'MONTH') return `M:${day.slice(0, 7)}`;
  // ISO weeks start on Monday: step back (weekday + 6) % 7 days.
  const monday = new Date(local.getTime() - ((local.getUTCDay() + 6) % 7) * 86_400_000);
  return `W:${monday.toISOString().slice(0, 10)}`;
}

/** amount x basisPoints / 10000, rounded down to the poisha (a bonus never pays the fraction it did not earn). */
export function applyBasisPoints(amount: bigint, basisPoints: number): bigint {
  return (amount * BigInt(basisPoints)) / BigInt(BASIS_POINTS);
}

/** What a PERCENT or FIXED rule pays on a qualifying amount (the deposit); null for a prize table (drawn, promotion kinds). */
export function rewardAmountOf(rule: PromotionRewardRule, qualifyingAmount: bigint): bigint | null {
  if (rule.kind === 'FIXED') return BigInt(rule.amount);
  if (rule.kind === 'PERCENT') {
    const share = applyBasisPoints(qualifyingAmount, rule.percentBp);
    return smallerOf(share, BigInt(rule.cap));
  }
  return null;
}

/** Turnover an amount makes at a multiple (10000 = 1x), rounded up so the member never owes a fraction less. */
export function turnoverOf(amount: bigint, multipleBp: number): bigint {
  const scaled = amount * BigInt(multipleBp);
  const divisor = BigInt(BASIS_POINTS);
  return (scaled + divisor - 1n) / divisor;
}

/** The percent of a valid bet on `gameType` that counts: the type's entry, else '*', else 100. */
export function contributionOf(contributions: Record<string, number>, gameType: string | null): number {
  const own = gameType === null ? undefined : contributions[gameType];
  return own ?? contributions['*'] ?? 100;
}

/** The average prize of a table: sum(weight x amount) / total weight, rounded down. */
export function expectedPrizeOf(prizes: readonly { amount: bigint; weight: number }[]): bigint {
  const totalWeight = prizes.reduce((sum, prize) => sum + BigInt(prize.weight), 0n);
  if (totalWeight === 0n) return 0n;
  return prizes.reduce((sum, prize) => sum + prize.amount * BigInt(prize.weight), 0n) / totalWeight;
}

/**
 * Pays `validBet` into requirements oldest first. Each requirement counts the bet at its own
 * contribution; when one is met the rest of the raw bet (what it did not need) flows on to the
 * next. Returns the new `done` of each touched requirement, by index.
 */
export function payTurnover(
  requirements: readonly { required: bigint; done: bigint; contributions: Record<string, number> }[],
  gameType: string | null,
  validBet: bigint,
): Map<number, bigint> {
  const paid = new Map<number, bigint>();
  let rawLeft = validBet;
  for (let index = 0; index < requirements.length && rawLeft > 0n; index += 1) {
    const requirement = requirements[index];
    if (!requirement) continue;
    const percent = BigInt(contributionOf(requirement.contributions, gameType));
    if (percent === 0n) continue;
    const left = requirement.required - requirement.done;
    if (left <= 0n) continue;
    const counted = (rawLeft * percent) / 100n;
    if (counted < left) {
      if (counted > 0n) paid.set(index, requirement.done + counted);
      return paid;
    }
    paid.set(index, requirement.required);
    // The raw bet this requirement used, rounded up; the remainder pays the next one.
    rawLeft -= (left * 100n + percent - 1n) / percent;
  }
  return paid;
}

/** The smaller of two amounts (Math.min does not take bigint). */
export function smallerOf(first: bigint, second: bigint): bigint {
  return first <= second ? first : second;
}

/** The largest of some amounts (0 for none). */
export function largestOf(amounts: readonly bigint[]): bigint {
  let top = 0n;
  for (const amount of amounts) if (amount > top) top = amount;
  return top;
}
