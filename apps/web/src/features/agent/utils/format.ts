import type { Language } from '@kismat/contracts/languages';
import { INTL_LOCALES } from '@/lib/i18n';

/** A two-decimal money string with the reader's separators and Latin digits, as everywhere on the site. */
export function formatMoney(value: string | null | undefined, language: Language): string {
  if (value === null || value === undefined) return '—';
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  return new Intl.NumberFormat(INTL_LOCALES[language], {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    numberingSystem: 'latn',
  }).format(number);
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
  const number = Number(value ?? 0);
  return number > 0 ? 'positive' : number < 0 ? 'negative' : 'zero';
}
