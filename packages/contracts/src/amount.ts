// Amounts without Zod: the member site's first download (money-display.ts) parses amounts, and
// wallet.ts's schemas would bring Zod along (issue 16 item 6). wallet.ts re-exports all of this.

/**
 * Money on the wire and in the ledger. Amounts are integer minor units (poisha for BDT) held
 * in `bigint`; the API writes them as decimal strings with exactly two places. Floats never
 * touch money: 0.1 + 0.2 is 0.30000000000000004, and a parser that rounded it would invent or
 * lose a poisha on some input, so such input is refused instead.
 */
export const MONEY_SCALE = 2;
const MINOR_PER_UNIT = 100n;

/**
 * Largest amount one call may carry: 999,999,999,999.99. Far above any real stake or deposit,
 * far below bigint's 9.2e18, so sums of many amounts cannot overflow the column either.
 */
export const MAX_AMOUNT_MINOR = 99_999_999_999_999n;

export type AmountErrorReason = 'NOT_A_STRING' | 'FORMAT' | 'TOO_MANY_DECIMALS' | 'NEGATIVE' | 'ZERO' | 'TOO_LARGE';

export class AmountError extends Error {
  readonly reason: AmountErrorReason;
  constructor(reason: AmountErrorReason, input: unknown) {
    super(`Invalid amount (${reason}): ${String(input).slice(0, 40)}`);
    this.name = 'AmountError';
    this.reason = reason;
  }
}

export interface ParseAmountOptions {
  /** Accept a leading minus (adjustments). Default false. */
  allowNegative?: boolean;
  /** Accept 0 / 0.00. Default false: a zero transfer is a mistake somewhere upstream. */
  allowZero?: boolean;
  /** Largest absolute value in minor units. Default MAX_AMOUNT_MINOR. */
  max?: bigint;
}

// ASCII digits only (JS `\d` without the u flag); no exponent, no separators, no leading '+',
// no leading zeros ("007.00" is refused so one amount has one spelling).
const AMOUNT_PATTERN = /^(-?)(0|[1-9]\d*)(?:\.(\d+))?$/;
const MAX_WHOLE_DIGITS = 15;

export type AmountParseResult = { ok: true; value: bigint } | { ok: false; reason: AmountErrorReason };

/**
 * Parses "1234.5" / "1234.50" / "1234" into minor units. A JS number is accepted only when its
 * own shortest spelling passes the same rules, so 0.1 is 10n but 0.30000000000000004 and 1e21
 * are refused rather than rounded.
 */
export function tryParseAmount(input: unknown, options: ParseAmountOptions = {}): AmountParseResult {
  let text: string;
  if (typeof input === 'string') text = input;
  else if (typeof input === 'number' && Number.isFinite(input)) text = String(input);
  else return { ok: false, reason: 'NOT_A_STRING' };

  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return { ok: false, reason: 'FORMAT' };
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (fraction.length > MONEY_SCALE) return { ok: false, reason: 'TOO_MANY_DECIMALS' };
  if (whole.length > MAX_WHOLE_DIGITS) return { ok: false, reason: 'TOO_LARGE' };

  const magnitude = BigInt(whole) * MINOR_PER_UNIT + BigInt(fraction.padEnd(MONEY_SCALE, '0') || '0');
  if (sign === '-' && magnitude === 0n) return { ok: false, reason: 'FORMAT' };
  if (sign === '-' && !options.allowNegative) return { ok: false, reason: 'NEGATIVE' };
  if (magnitude === 0n && !options.allowZero) return { ok: false, reason: 'ZERO' };
  if (magnitude > (options.max ?? MAX_AMOUNT_MINOR)) return { ok: false, reason: 'TOO_LARGE' };
  return { ok: true, value: sign === '-' ? -magnitude : magnitude };
}

/** Like tryParseAmount but throws AmountError; for trusted or already validated input. */
export function parseAmount(input: unknown, options: ParseAmountOptions = {}): bigint {
  const result = tryParseAmount(input, options);
  if (!result.ok) throw new AmountError(result.reason, input);
  return result.value;
}

/** Minor units to the API's two-decimal string: 123456n -> "1234.56", -5n -> "-0.05". */
export function formatAmount(minor: bigint): string {
  const negative = minor < 0n;
  const magnitude = negative ? -minor : minor;
  const whole = magnitude / MINOR_PER_UNIT;
  const fraction = (magnitude % MINOR_PER_UNIT).toString().padStart(MONEY_SCALE, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}
