import { tryParseAmount } from '@kismat/contracts/wallet';

function minorOf(amount: string): bigint {
  const parsed = tryParseAmount(amount, { allowZero: true });
  return parsed.ok ? parsed.value : 0n;
}

/** 0-100 of `done` towards `needed` (API money strings), in minor units: never a float rounding past 100. */
export function moneyPercent(done: string, needed: string): number {
  const target = minorOf(needed);
  if (target <= 0n) return 100;
  const value = minorOf(done);
  if (value >= target) return 100;
  return Number((value * 100n) / target);
}

/** What is left of `needed` after `done` ("0.00" once reached), as minor units. */
export function moneyLeft(done: string, needed: string): bigint {
  const left = minorOf(needed) - minorOf(done);
  return left > 0n ? left : 0n;
}
