import { formatMoney } from '@/lib/format-money';

/** Spec section 9: the winner board shows the top 3 largest; the list starts at rank 4. */
export const PODIUM_SIZE = 3;

export interface RankedWinner<Entry> {
  rank: number;
  entry: Entry;
}

export function splitWinners<Entry>(entries: readonly Entry[]): { podium: RankedWinner<Entry>[]; rest: RankedWinner<Entry>[] } {
  const ranked = entries.map((entry, index) => ({ rank: index + 1, entry }));
  return { podium: ranked.slice(0, PODIUM_SIZE), rest: ranked.slice(PODIUM_SIZE) };
}

/**
 * Two decimals and thousands separators, Latin digits in every language (lib/format-money.ts).
 * A vendor may report a win to more places than two: rounded half up, exactly, on the digits.
 */
export function formatWinAmount(amount: string | number, locale = 'en-GB'): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(typeof amount === 'number' ? String(amount) : amount.trim());
  if (!match) return String(amount);
  const [, whole = '0', fraction = ''] = match;
  const roundUp = fraction.charAt(2) >= '5' ? 1n : 0n;
  return formatMoney(BigInt(whole + fraction.slice(0, 2).padEnd(2, '0')) + roundUp, locale);
}

/** Winners are shown half-hidden ("ab***yz") so a public board never exposes a whole login name. */
export function maskCustomerName(name: string): string {
  if (name.includes('*')) return name;
  if (name.length <= 2) return `${name.slice(0, 1)}***`;
  if (name.length <= 4) return `${name.slice(0, 1)}***${name.slice(-1)}`;
  return `${name.slice(0, 2)}***${name.slice(-2)}`;
}
