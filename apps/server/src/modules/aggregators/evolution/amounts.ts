import { tryParseAmount } from '@kismat/contracts/wallet';

/*
 * Evolution's amounts are JSON decimal numbers in the currency's unit (10.5 = ten and a half).
 * Our ledger counts minor units (1/100). SUB-CENT RULE (the wallet core's): an amount that is not
 * a whole number of minor units (0.403604, 1e-7) is refused with INVALID_PARAMETER and nothing is
 * stored, never rounded: a rounded debit or credit would leave our books and Evolution's report
 * apart by the fractions. Negative, non-finite and too large amounts are refused the same way.
 */

/** An Evolution amount as minor units, or null when the sub-cent rule (or any other amount rule) refuses it. */
export function minorOfEvolutionAmount(amount: number): bigint | null {
  // The number's own shortest spelling is parsed, so 0.1 is 10 minor units and 0.30000000000000004 is refused.
  const parsed = tryParseAmount(amount, { allowZero: true });
  return parsed.ok ? parsed.value : null;
}

/** Minor units as Evolution's decimal number (exact: at most 15 digits, 2 places). */
export function evolutionAmountOf(minor: bigint): number {
  const negative = minor < 0n;
  const magnitude = negative ? -minor : minor;
  const text = `${magnitude / 100n}.${(magnitude % 100n).toString().padStart(2, '0')}`;
  return Number(negative ? `-${text}` : text);
}
