import { INTL_LOCALES } from '@/lib/i18n';
import { useLanguage } from '@/stores/language-store';
import { displayAmount } from '../utils/amount';

/** Formats "1234.50" for the current language (Latin digits). */
export function useFormatAmount(): (amount: string) => string {
  const language = useLanguage();
  return (amount) => displayAmount(amount, INTL_LOCALES[language]);
}
