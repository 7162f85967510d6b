import { tryParseAmount } from '@kismat/contracts/wallet';

/**
 * Amounts arrive as the API's "1234.50" strings. They are read into integer minor units with the
 * contract's own parser and never through Number(): a float progress of 0.1 + 0.2 poisha is how
 * "turnover left 0.00" ends up refusing a withdrawal the server would allow.
 */
export function toMinor(amount: string | null | undefined): bigint | null {
  if (amount === null || amount === undefined) return null;
  const result = tryParseAmount(amount.trim(), { allowZero: true, allowNegative: true });
  return result.ok ? result.value : null;
}

const MINOR_PER_UNIT = 100n;

/** "1234.5" as "1,234.50" in the member's locale, Latin digits, whole part grouped as a bigint. */
export function formatMoney(amount: string, locale: string): string {
  const minor = toMinor(amount);
  if (minor === null) return amount;
  const isNegative = minor < 0n;
  const magnitude = isNegative ? -minor : minor;
  const whole = new Intl.NumberFormat(locale, { numberingSystem: 'latn', maximumFractionDigits: 0 }).format(magnitude / MINOR_PER_UNIT);
  const fraction = (magnitude % MINOR_PER_UNIT).toString().padStart(2, '0');
  return `${isNegative ? '-' : ''}${whole}.${fraction}`;
}

/** How far `done` is towards `required`, in whole percent 0..100 (integer arithmetic; 100 only when met). */
export function progressPercent(done: string, required: string): number {
  const doneMinor = toMinor(done) ?? 0n;
  const requiredMinor = toMinor(required) ?? 0n;
  if (requiredMinor <= 0n) return 100;
  if (doneMinor >= requiredMinor) return 100;
  if (doneMinor <= 0n) return 0;
  const percent = Number((doneMinor * 100n) / requiredMinor);
  // 99.99% met is not met: the bar stops at 99 until the last poisha is bet.
  return Math.min(99, percent);
}

/** What is still needed, never below zero, as an API string. */
export function leftOf(done: string, required: string): string {
  const left = (toMinor(required) ?? 0n) - (toMinor(done) ?? 0n);
  const value = left > 0n ? left : 0n;
  return `${value / MINOR_PER_UNIT}.${(value % MINOR_PER_UNIT).toString().padStart(2, '0')}`;
}
