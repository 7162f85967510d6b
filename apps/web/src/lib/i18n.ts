import { DEFAULT_LANGUAGE, LANGUAGES, type Language, parseLanguage } from '@kismat/contracts/languages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isFirstScreenDone, subscribeFirstScreenDone } from '@/lib/first-screen-done';
import { useLanguageStore } from '@/stores/language-store';
import { getStoredLanguage, storeLanguage } from '@/stores/storage';
import type accountsBn from '../locales/accounts/bn.json';
import type agentCentreBn from '../locales/agent-centre/bn.json';
import type bn from '../locales/bn.json';
import type chatBn from '../locales/chat/bn.json';
import type feedbackBn from '../locales/feedback/bn.json';
import type houseGamesBn from '../locales/house-games/bn.json';
import type installBn from '../locales/install/bn.json';
import type loyaltyBn from '../locales/loyalty/bn.json';
import type memberCentreBn from '../locales/member-centre/bn.json';
import type promotionsBn from '../locales/promotions/bn.json';
import type saferBn from '../locales/safer/bn.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      // The shell's messages and the parts lazy screens merge into the same namespace.
      translation: typeof bn & typeof houseGamesBn & typeof agentCentreBn & typeof memberCentreBn;
      accounts: typeof accountsBn;
      feedback: typeof feedbackBn;
      promotions: typeof promotionsBn;
      loyalty: typeof loyaltyBn;
      safer: typeof saferBn;
      install: typeof installBn;
      chat: typeof chatBn;
    };
  }
}

type Messages = Record<string, unknown>;

// Each language is its own chunk: a visitor downloads only the language being shown.
const LOADERS: Record<Language, () => Promise<{ default: Messages }>> = {
  BN: () => import('../locales/bn.json'),
  EN: () => import('../locales/en.json'),
  SW: () => import('../locales/sw.json'),
};

/**
 * Messages of lazily loaded screens live in their own namespace, one chunk per language, so the
 * home page downloads only the shell's messages. A screen loads its namespace before it renders
 * (see loadNamespace); a language change loads every namespace already in use.
 */
const NAMESPACE_LOADERS = {
  accounts: {
    BN: () => import('../locales/accounts/bn.json'),
    EN: () => import('../locales/accounts/en.json'),
    SW: () => import('../locales/accounts/sw.json'),
  },
  feedback: {
    BN: () => import('../locales/feedback/bn.json'),
    EN: () => import('../locales/feedback/en.json'),
    SW: () => import('../locales/feedback/sw.json'),
  },
  promotions: {
    BN: () => import('../locales/promotions/bn.json'),
    EN: () => import('../locales/promotions/en.json'),
    SW: () => import('../locales/promotions/sw.json'),
  },
  loyalty: {
    BN: () => import('../locales/loyalty/bn.json'),
    EN: () => import('../locales/loyalty/en.json'),
    SW: () => import('../locales/loyalty/sw.json'),
  },
  safer: {
    BN: () => import('../locales/safer/bn.json'),
    EN: () => import('../locales/safer/en.json'),
    SW: () => import('../locales/safer/sw.json'),
  },
  install: {
    BN: () => import('../locales/install/bn.json'),
    EN: () => import('../locales/install/en.json'),
    SW: () => import('../locales/install/sw.json'),
  },
  chat: {
    BN: () => import('../locales/chat/bn.json'),
    EN: () => import('../locales/chat/en.json'),
    SW: () => import('../locales/chat/sw.json'),
  },
} satisfies Record<string, Record<Language, () => Promise<{ default: Messages }>>>;

/**
 * Messages only lazy screens show but whose keys live in the default namespace (t('houseGames.…'),
 * t('wallet.deposit.…')): each part is its own chunk per language and is merged deeply into
 * `translation` when its screen loads, so call sites keep their keys and home downloads none of it.
 */
const PART_LOADERS = {
  houseGames: {
    BN: () => import('../locales/house-games/bn.json'),
    EN: () => import('../locales/house-games/en.json'),
    SW: () => import('../locales/house-games/sw.json'),
  },
  agentCentre: {
    BN: () => import('../locales/agent-centre/bn.json'),
    EN: () => import('../locales/agent-centre/en.json'),
    SW: () => import('../locales/agent-centre/sw.json'),
  },
  memberCentre: {
    BN: () => import('../locales/member-centre/bn.json'),
    EN: () => import('../locales/member-centre/en.json'),
    SW: () => import('../locales/member-centre/sw.json'),
  },
} satisfies Record<string, Record<Language, () => Promise<{ default: Messages }>>>;
type TranslationPart = keyof typeof PART_LOADERS;
export type LazyNamespace = keyof typeof NAMESPACE_LOADERS | TranslationPart;
const loadedParts = new Set<string>();

function isPart(namespace: LazyNamespace): namespace is TranslationPart {
  return namespace in PART_LOADERS;
}
const namespacesInUse = new Set<LazyNamespace>();

/** i18next codes are lower case; the API and storage use the contract's upper-case codes. */
export function toLocaleCode(language: Language): string {
  return language.toLowerCase();
}

/** BCP 47 tags for Intl date and number formatting. */
export const INTL_LOCALES: Record<Language, string> = { BN: 'bn-BD', EN: 'en-GB', SW: 'sw-KE' };

/** Native names: a visitor who cannot read the current language still finds their own. */
export const LANGUAGE_NAMES: Record<Language, string> = { BN: 'বাংলা', EN: 'English', SW: 'Kiswahili' };

async function ensureLoaded(language: Language): Promise<void> {
  const code = toLocaleCode(language);
  if (i18next.hasResourceBundle(code, 'translation')) return;
  const messages = await LOADERS[language]();
  i18next.addResourceBundle(code, 'translation', messages.default, true, true);
}

async function ensurePartLoaded(part: TranslationPart, language: Language): Promise<void> {
  const code = toLocaleCode(language);
  if (loadedParts.has(`${code}:${part}`)) return;
  // The language's own bundle first: ensureLoaded takes an existing bundle as loaded.
  const [, messages] = await Promise.all([ensureLoaded(language), PART_LOADERS[part][language]()]);
  i18next.addResourceBundle(code, 'translation', messages.default, true, true);
  loadedParts.add(`${code}:${part}`);
}

async function ensureNamespaceLoaded(namespace: LazyNamespace, language: Language): Promise<void> {
  if (isPart(namespace)) return ensurePartLoaded(namespace, language);
  const code = toLocaleCode(language);
  if (i18next.hasResourceBundle(code, namespace)) return;
  const messages = await NAMESPACE_LOADERS[namespace][language]();
  i18next.addResourceBundle(code, namespace, messages.default, true, true);
}

/** Loads a lazy namespace in the current language; screens await it before they render. */
export async function loadNamespace(namespace: LazyNamespace): Promise<void> {
  namespacesInUse.add(namespace);
  const language = parseLanguage(i18next.language || toLocaleCode(getStoredLanguage()));
  await ensureNamespaceLoaded(namespace, language);
}

function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = toLocaleCode(language);
}

/**
 * The default language is i18next's fallback for a key missing in EN or SW, which locales.test.ts
 * keeps from happening (same keys in all three): an EN or SW visit loads it once its first screen
 * is done (lib/first-screen-done.ts), not beside its own messages, where its 28 KB competed with
 * the first screen (issue 16 item 6).
 */
function loadFallbackLater(): void {
  const load = () => void ensureLoaded(DEFAULT_LANGUAGE).catch(() => undefined);
  if (isFirstScreenDone()) {
    load();
    return;
  }
  const stop = subscribeFirstScreenDone(() => {
    stop();
    load();
  });
}

/** Starts i18next in the stored language (fallback BN) with that language's messages loaded. */
export async function initI18n(): Promise<Language> {
  const language = getStoredLanguage();
  await i18next.use(initReactI18next).init({
    lng: toLocaleCode(language),
    fallbackLng: toLocaleCode(DEFAULT_LANGUAGE),
    supportedLngs: LANGUAGES.map(toLocaleCode),
    resources: {},
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  try {
    await ensureLoaded(language);
    if (language !== DEFAULT_LANGUAGE) loadFallbackLater();
  } catch {
    // The chosen language's chunk failed: fall back to the default language.
    await ensureLoaded(DEFAULT_LANGUAGE);
    await i18next.changeLanguage(toLocaleCode(DEFAULT_LANGUAGE));
  }
  applyDocumentLanguage(language);
  useLanguageStore.getState().setLanguage(language);
  return language;
}

/** Sets the locale, stores it (lang, hisLang, previous), updates `<html lang>` and app state. */
export async function changeLanguage(language: Language): Promise<void> {
  await Promise.all([ensureLoaded(language), ...[...namespacesInUse].map((namespace) => ensureNamespaceLoaded(namespace, language))]);
  await i18next.changeLanguage(toLocaleCode(language));
  storeLanguage(language);
  applyDocumentLanguage(language);
  useLanguageStore.getState().setLanguage(language);
}

export { i18next };
