import { tryParseAmount } from './amount';

/**
 * Money for people to read, the one formatter of the member site and the back office: an API
 * amount ("1234567.5", "-0.05") or minor units (bigint) with the locale's thousands separators,
 * two decimals and Latin digits (amounts are compared with receipts and bank slips). It never goes
 * through Number(): past 2^53 minor units a float drops poisha, so the screen would show another
 * amount than the ledger holds. Text that is not an amount comes back unchanged.
 */
export function formatMoneyForDisplay(amount: string | bigint, locale = 'en-US'): string {
  let minor: bigint;
  if (typeof amount === 'bigint') minor = amount;
  else {
    // Display only: an amount past the API's per-call ceiling (a total) is still shown, not refused.
    const parsed = tryParseAmount(amount.trim(), { allowNegative: true, allowZero: true, max: UNBOUNDED });
    if (!parsed.ok) return amount;
    minor = parsed.value;
  }
  const { grouping, decimal, minus } = symbolsOf(locale);
  const isNegative = minor < 0n;
  const magnitude = isNegative ? -minor : minor;
  const fraction = String(magnitude % 100n).padStart(2, '0');
  return `${isNegative ? minus : ''}${grouping.format(magnitude / 100n)}${decimal}${fraction}`;
}

/** -1, 0 or 1 for a signed amount string or minor units, read exactly (the colour of a profit or loss). */
export function signOfMoney(amount: string | bigint | null | undefined): -1 | 0 | 1 {
  if (amount === null || amount === undefined) return 0;
  let minor = 0n;
  if (typeof amount === 'bigint') minor = amount;
  else {
    const parsed = tryParseAmount(amount.trim(), { allowNegative: true, allowZero: true, max: UNBOUNDED });
    if (parsed.ok) minor = parsed.value;
  }
  return minor > 0n ? 1 : minor < 0n ? -1 : 0;
}

const UNBOUNDED = 10n ** 30n;

interface LocaleSymbols {
  grouping: Intl.NumberFormat;
  decimal: string;
  minus: string;
}

const symbolsByLocale = new Map<string, LocaleSymbols>();

function symbolsOf(locale: string): LocaleSymbols {
  const known = symbolsByLocale.get(locale);
  if (known) return known;
  const grouping = new Intl.NumberFormat(locale, { numberingSystem: 'latn', useGrouping: true, maximumFractionDigits: 0 });
  const parts = new Intl.NumberFormat(locale, { numberingSystem: 'latn' }).formatToParts(-1.5);
  const symbols = {
    grouping,
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    minus: parts.find((part) => part.type === 'minusSign')?.value ?? '-',
  };
  symbolsByLocale.set(locale, symbols);
  return symbols;
}
