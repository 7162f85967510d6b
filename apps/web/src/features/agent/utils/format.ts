import type { Language } from '@kismat/contracts/languages';
import { formatMoney as formatMoneyIn, moneySign } from '@/lib/format-money';
import { INTL_LOCALES } from '@/lib/i18n';

/** A two-decimal money string in the reader's language, as everywhere on the site (lib/format-money.ts). */
export function formatMoney(value: string | null | undefined, language: Language): string {
  return formatMoneyIn(value, INTL_LOCALES[language]);
}

export function formatCount(value: number, language: Language): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], { numberingSystem: 'latn' }).format(value);
}

/** Basis points as a percent: 125 -> "1.25%". */
export function formatRate(bps: number | null | undefined, language: Language): string {
  if (bps === null || bps === undefined) return '—';
  return new Intl.NumberFormat(INTL_LOCALES[language], { style: 'percent', maximumFractionDigits: 2, numberingSystem: 'latn' }).format(
    bps / 10_000,
  );
}

/** "negative" for a loss figure, for colouring. */
export function signOf(value: string | null | undefined): 'positive' | 'negative' | 'zero' {
  const sign = moneySign(value);
  return sign > 0 ? 'positive' : sign < 0 ? 'negative' : 'zero';
}
