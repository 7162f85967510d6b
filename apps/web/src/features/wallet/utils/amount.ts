/** Amounts keep Latin digits in every language: they are compared with receipts and bank slips. */
export function displayAmount(amount: string, locale: string): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return amount;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, numberingSystem: 'latn' }).format(value);
}

/** What the server accepts: digits with at most two decimals (it checks again, in integers). */
export function isAmountText(value: string): boolean {
  return /^(0|[1-9]\d{0,14})(\.\d{1,2})?$/.test(value.trim()) && Number(value) > 0;
}
