/** Amounts arrive as decimal strings with 2 places; shown with separators and Latin digits. */
export function formatMoney(amount: string, locale: string): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return amount;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, numberingSystem: 'latn' }).format(value);
}
