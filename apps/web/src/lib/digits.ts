/**
 * Bengali keyboards type ০-৯ (U+09E6-U+09EF). Amounts, lottery numbers and dates are sent and
 * shown with Latin digits (receipts, bank slips and SMS codes use them), so what a player types
 * in either digit set is turned into Latin digits as it is typed.
 */
const BENGALI_ZERO = 0x09e6;

export function toLatinDigits(text: string): string {
  return text.replace(/[\u09E6-\u09EF]/g, (digit) => String((digit.codePointAt(0) ?? BENGALI_ZERO) - BENGALI_ZERO));
}

/** An amount as typed: either digit set, thousands separators and spaces dropped. */
export function normalizeAmountInput(text: string): string {
  return toLatinDigits(text).replace(/[,\s]/g, '');
}

/**
 * For a number field's change event: rewrites Bengali digits in the input to Latin ones before
 * the form reads event.target.value, so state, validation and the request all see Latin digits.
 */
export function latinizeInputDigits(input: HTMLInputElement): void {
  if (/[\u09E6-\u09EF]/.test(input.value)) input.value = toLatinDigits(input.value);
}
