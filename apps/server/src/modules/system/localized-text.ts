import type { Language } from '@kismat/contracts/languages';
import type { LocalizedText } from '../../db/schema/system';

// English is the lingua franca of the vendors' own texts, so it is the first fallback.
const FALLBACK_ORDER: readonly Language[] = ['EN', 'BN', 'SW'];

/** The text in `language`, else the first translation that exists, else `fallback`. */
export function pickText(text: LocalizedText, language: Language, fallback = ''): string {
  const exact = text[language];
  if (exact) return exact;
  for (const candidate of FALLBACK_ORDER) {
    const value = text[candidate];
    if (value) return value;
  }
  return fallback;
}
