import type { Language } from '@kismat/contracts/languages';
import i18next from 'i18next';
import accountsBn from '../locales/accounts/bn.json';
import accountsSw from '../locales/accounts/sw.json';
import agentCentreBn from '../locales/agent-centre/bn.json';
import agentCentreSw from '../locales/agent-centre/sw.json';
import bn from '../locales/bn.json';
import feedbackBn from '../locales/feedback/bn.json';
import feedbackSw from '../locales/feedback/sw.json';
import houseGamesBn from '../locales/house-games/bn.json';
import houseGamesSw from '../locales/house-games/sw.json';
import memberCentreBn from '../locales/member-centre/bn.json';
import memberCentreSw from '../locales/member-centre/sw.json';
import sw from '../locales/sw.json';
import { useLanguageStore } from '../stores/language-store';

const BUNDLES = {
  bn: { translation: bn, accounts: accountsBn, feedback: feedbackBn },
  sw: { translation: sw, accounts: accountsSw, feedback: feedbackSw },
} as const;
/** The lazy screens' parts of the default namespace (lib/i18n.ts merges them when a screen loads). */
const PARTS = { bn: [houseGamesBn, agentCentreBn, memberCentreBn], sw: [houseGamesSw, agentCentreSw, memberCentreSw] } as const;

/**
 * Switches the tests' i18next (English by default, see setup.ts) and the language store to a
 * language, loading its real messages; returns to English with `setTestLanguage('EN')`.
 */
export async function setTestLanguage(language: Language): Promise<void> {
  const code = language.toLowerCase();
  if (code !== 'en' && !i18next.hasResourceBundle(code, 'translation')) {
    for (const [namespace, messages] of Object.entries(BUNDLES[code as keyof typeof BUNDLES])) {
      // A copy: merging the parts below must not change the imported JSON other tests read.
      i18next.addResourceBundle(code, namespace, structuredClone(messages), true, true);
    }
    for (const part of PARTS[code as keyof typeof PARTS]) i18next.addResourceBundle(code, 'translation', part, true, true);
  }
  await i18next.changeLanguage(code);
  useLanguageStore.getState().setLanguage(language);
}
