/**
 * Money travels as major-unit strings with two decimals ("12.50"); sums and compares use minor-unit
 * bigints, never floats. The games (the originals' stakes, the slots and the lottery) read and
 * write the API's amounts through these.
 */

/** The API's money string as minor units ("12.50" -> 1250n); anything else is a RangeError. */
export function toMinor(money: string): bigint {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(money.trim());
  if (!match) throw new RangeError(`not a money string: ${money}`);
  const value = BigInt(match[2] ?? '0') * 100n + BigInt(match[3] ?? '0');
  return match[1] === '-' ? -value : value;
}

/** Minor units as the API's money string (1250n -> "12.50"). */
export function toMoneyString(minor: bigint): string {
  const isNegative = minor < 0n;
  const absolute = isNegative ? -minor : minor;
  return `${isNegative ? '-' : ''}${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`;
}

/** A typed amount ("12", "12.5") as minor units, or null when it is not a plain amount. */
export function parsePlainAmount(text: string): bigint | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}
