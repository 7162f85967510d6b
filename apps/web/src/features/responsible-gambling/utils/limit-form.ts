import { RG_MAX_MINUTES, type RgUnit } from '@kismat/contracts/responsible-gambling';
import { z } from 'zod';
import { toLatinDigits } from '@/lib/digits';
import { amountField, amountToWire } from '@/lib/money-form';

/**
 * The limit form (issue 17): one value. Money limits (deposit, loss, wager) are amounts read by
 * the contract's own parser into minor units and sent as "1234.50"; a session-time limit is whole
 * minutes, 1 to RG_MAX_MINUTES (30 days), sent as "90". Either digit set may be typed.
 */
export const MIN_MONEY_LIMIT = '1.00';

export function minutesField(message: string) {
  return z.string().transform((text, context) => {
    const cleaned = toLatinDigits(text).trim();
    const minutes = /^\d{1,6}$/.test(cleaned) ? Number(cleaned) : Number.NaN;
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > RG_MAX_MINUTES) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return String(minutes);
  });
}

/** The form's schema; its output `value` is what the contract's body takes. */
export function limitFormSchema(unit: RgUnit, messages: { amount: string; minutes: string }) {
  return z.object({
    value:
      unit === 'MONEY'
        ? z
            .string()
            .transform(toLatinDigits)
            .pipe(amountField({ min: MIN_MONEY_LIMIT, message: messages.amount }))
            .transform((minor) => amountToWire(minor))
        : minutesField(messages.minutes),
  });
}

/** 90 -> { hours: 1, minutes: 30 }: how a session-time value is read out. */
export function splitMinutes(total: number): { hours: number; minutes: number } {
  const safe = Math.max(0, Math.floor(total));
  return { hours: Math.floor(safe / 60), minutes: safe % 60 };
}

/**
 * Would `next` loosen the limit in force (`current`)? A looser value waits 24 h; a stricter one
 * applies at once. Compared exactly: amounts as minor units, minutes as integers.
 */
export function isLoosening(unit: RgUnit, current: string | null, next: string): boolean {
  if (current === null) return false;
  return toComparable(unit, next) > toComparable(unit, current);
}

function toComparable(unit: RgUnit, value: string): bigint {
  if (unit === 'MINUTES') return BigInt(Math.floor(Number(value) || 0));
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole || '0') * 100n + BigInt(`${fraction}00`.slice(0, 2));
}
