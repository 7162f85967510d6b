/** Interface languages. BN is the default; the order is the language menu's order. */
export const LANGUAGES = ['BN', 'EN', 'SW'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'BN';

export function parseLanguage(input: string | undefined | null): Language {
  const upper = (input ?? '').trim().toUpperCase().slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(upper) ? (upper as Language) : DEFAULT_LANGUAGE;
}
