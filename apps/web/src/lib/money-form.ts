import { zodResolver } from '@hookform/resolvers/zod';
import { formatAmount, tryParseAmount } from '@kismat/contracts/wallet';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';

/**
 * Money forms (withdraw, deposit, transfers, pay-now, earnings to wallet) share one shape: the
 * body schema from packages/contracts, its amount typed as text and parsed to minor units by the
 * contract's own parser (the one the server runs), never through Number(): "0.1" + "0.2" as
 * floats is 0.30000000000000004, and a float compare of a limit can let one poisha through.
 */

/** What the member typed, as the contract parser reads it: grouping commas and spaces dropped. */
export function normalizeAmountText(text: string): string {
  return text.trim().replaceAll(',', '');
}

/** Text to minor units, or null when the contract parser refuses it (format, zero, too large). */
export function amountTextToMinor(text: string): bigint | null {
  const result = tryParseAmount(normalizeAmountText(text));
  return result.ok ? result.value : null;
}

function boundOf(text: string): bigint {
  const result = tryParseAmount(normalizeAmountText(text), { allowZero: true });
  // An unreadable limit from the server allows nothing rather than everything.
  return result.ok ? result.value : 0n;
}

/**
 * A form field holding an amount as text; its parsed value is minor units (bigint), at least
 * `min` and at most `max` (API strings such as "100.00"), else `message`.
 */
export function amountField({ min, max, message }: { min?: string; max?: string; message: string }) {
  // Bounds come from the server ("0.00" of earnings is a real ceiling): zero is a bound, not "none".
  const lowest = min === undefined ? null : boundOf(min);
  const highest = max === undefined ? null : boundOf(max);
  return z.string().transform((text, context) => {
    const minor = amountTextToMinor(text);
    if (minor === null || (lowest !== null && minor < lowest) || (highest !== null && minor > highest)) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return minor;
  });
}

/** Minor units back to the API's "1234.50". */
export const amountToWire = formatAmount;

/**
 * A react-hook-form resolver for `schema` whose messages are the form's own, by field: the
 * contract schemas carry no wording, and the member reads BN, EN or SW. A field without a
 * message here keeps the schema's (the amount field's is already translated).
 *
 * `schema` may be a function that builds it: it is then built when the form first validates (a
 * submit, then each re-validation), not on every render. A Zod schema does its set-up work when it
 * is constructed, and forms that build theirs from the render's limits and wording (the wallet's
 * deposit form, the deposit-limit prompt beside it) paid ~220 ms at 4x CPU on the wallet's first
 * screen for forms nobody had touched yet (issue 16 item 6).
 */
export function moneyFormResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input> | (() => z.ZodType<Output, Input>),
  messages: Partial<Record<keyof Input & string, string>>,
): Resolver<Input, unknown, Output> {
  const resolverOf = (built: z.ZodType<Output, Input>) =>
    zodResolver(built, {
      error: (issue) => {
        const field = issue.path?.[0];
        return typeof field === 'string' ? (messages as Record<string, string | undefined>)[field] : undefined;
      },
    }) as Resolver<Input, unknown, Output>;
  if (typeof schema !== 'function') return resolverOf(schema);
  let resolver: Resolver<Input, unknown, Output> | undefined;
  return (values, context, options) => {
    resolver ??= resolverOf(schema());
    return resolver(values, context, options);
  };
}
