/** The API's money strings and typed amounts (lib/money-units), as the house games name them. */
export { parsePlainAmount as parseAmount, toMinor, toMoneyString } from '@/lib/money-units';

/** Decimal odds as the API sends them ("9.7000") without trailing zeros ("9.7"). */
export function formatOdds(odds: string): string {
  return odds.includes('.') ? odds.replace(/0+$/, '').replace(/\.$/, '') : odds;
}
