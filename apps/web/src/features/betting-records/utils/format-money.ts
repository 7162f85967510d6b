import { tryParseAmount } from '@kismat/contracts/wallet';

/** Amounts arrive as decimal strings with 2 places; shown with separators and Latin digits. */
export function formatMoney(amount: string, locale: string): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return amount;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, numberingSystem: 'latn' }).format(value);
}

/** -1, 0 or 1 for a signed amount string, read exactly (the colour of a profit or loss). */
export function profitSign(amount: string): -1 | 0 | 1 {
  const result = tryParseAmount(amount, { allowNegative: true, allowZero: true });
  if (!result.ok || result.value === 0n) return 0;
  return result.value > 0n ? 1 : -1;
}
