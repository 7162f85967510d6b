/** Amounts keep Latin digits in every language: they are compared with receipts and bank slips. */
export function displayAmount(amount: string, locale: string): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return amount;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, numberingSystem: 'latn' }).format(value);
}
