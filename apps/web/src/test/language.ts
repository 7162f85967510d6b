import type { Language } from '@kismat/contracts/languages';
import i18next from 'i18next';
import accountsBn from '../locales/accounts/bn.json';
import accountsSw from '../locales/accounts/sw.json';
import bn from '../locales/bn.json';
import feedbackBn from '../locales/feedback/bn.json';
import feedbackSw from '../locales/feedback/sw.json';
import sw from '../locales/sw.json';
import { useLanguageStore } from '../stores/language-store';

const BUNDLES = {
  bn: { translation: bn, accounts: accountsBn, feedback: feedbackBn },
  sw: { translation: sw, accounts: accountsSw, feedback: feedbackSw },
} as const;

/**
 * Switches the tests' i18next (English by default, see setup.ts) and the language store to a
 * language, loading its real messages; returns to English with `setTestLanguage('EN')`.
 */
export async function setTestLanguage(language: Language): Promise<void> {
  const code = language.toLowerCase();
  if (code !== 'en' && !i18next.hasResourceBundle(code, 'translation')) {
    for (const [namespace, messages] of Object.entries(BUNDLES[code as keyof typeof BUNDLES])) {
      i18next.addResourceBundle(code, namespace, messages, true, true);
    }
  }
  await i18next.changeLanguage(code);
  useLanguageStore.getState().setLanguage(language);
}
