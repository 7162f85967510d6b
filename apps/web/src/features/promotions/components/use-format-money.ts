import { INTL_LOCALES } from '@/lib/i18n';
import { useLanguage } from '@/stores/language-store';
import { formatMoney } from '../utils/money';

/** Formats "1234.50" for the current language (Latin digits, grouped, exact). */
export function useFormatMoney(): (amount: string) => string {
  const language = useLanguage();
  return (amount) => formatMoney(amount, INTL_LOCALES[language]);
}
