import { formatMoneyForDisplay, signOfMoney } from '@kismat/contracts/money-display';
import { useLanguage } from '@/stores/language-store';
import { INTL_LOCALES } from './i18n';

/**
 * Every amount the site shows goes through here: API amounts ("1234.50") or minor units (bigint),
 * grouped for the locale with two decimals and Latin digits, read exactly (never Number()); "—"
 * when there is no amount. Games that show amounts the same in every language leave the locale out.
 */
export function formatMoney(amount: string | bigint | null | undefined, locale = 'en-US'): string {
  if (amount === null || amount === undefined) return '—';
  return formatMoneyForDisplay(amount, locale);
}

/** formatMoney in the member's language. */
export function useFormatMoney(): (amount: string | bigint | null | undefined) => string {
  const locale = INTL_LOCALES[useLanguage()];
  return (amount) => formatMoney(amount, locale);
}

/** -1, 0 or 1 for a signed amount, read exactly (the colour of a profit or loss). */
export const moneySign = signOfMoney;
