import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, vi } from 'vitest';
import type { StoreApi } from 'zustand';
import { useVendorPopupStore } from '@/features/catalogue/utils/vendor-popup-store';
import { useLaunchStore } from '@/features/game-launch/utils/launch-store';
import { useLanguageStore } from '@/stores/language-store';
import { useModalStore } from '@/stores/modal-store';
import { usePlayPauseStore } from '@/stores/play-pause-store';
import { usePopupQueueStore } from '@/stores/popup-queue-store';
import { useSessionStore } from '@/stores/session-store';
import { useSiteClockStore } from '@/stores/site-clock-store';
import { useToastStore } from '@/stores/toast-store';
import { useUiStore } from '@/stores/ui-store';
import accountsEn from '../locales/accounts/en.json';
import agentCentreEn from '../locales/agent-centre/en.json';
import en from '../locales/en.json';
import feedbackEn from '../locales/feedback/en.json';
import houseGamesEn from '../locales/house-games/en.json';
import loyaltyEn from '../locales/loyalty/en.json';
import memberCentreEn from '../locales/member-centre/en.json';
import promotionsEn from '../locales/promotions/en.json';
import saferEn from '../locales/safer/en.json';

// Components render English text in tests so assertions read naturally.
await i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: {
    // A copy: merging the parts below must not change the imported en.json other tests read.
    en: {
      translation: structuredClone(en),
      accounts: accountsEn,
      feedback: feedbackEn,
      promotions: promotionsEn,
      loyalty: loyaltyEn,
      safer: saferEn,
    },
  },
  interpolation: { escapeValue: false },
});
// The lazy screens' parts of the default namespace (lib/i18n.ts merges them when a screen loads).
for (const part of [houseGamesEn, agentCentreEn, memberCentreEn]) i18next.addResourceBundle('en', 'translation', part, true, true);

// The web project runs its files in one module graph per worker (vitest.config.ts, isolate: false):
// every store starts each test as the site starts it, in English, whatever the file before did.
/** Puts a store back to the state the site starts with. */
const resetter =
  <T>(store: StoreApi<T>) =>
  () =>
    store.setState(store.getInitialState(), true);
const resets = [
  resetter(useLanguageStore),
  resetter(useModalStore),
  resetter(usePlayPauseStore),
  resetter(usePopupQueueStore),
  resetter(useSessionStore),
  resetter(useSiteClockStore),
  resetter(useToastStore),
  resetter(useUiStore),
  resetter(useLaunchStore),
  resetter(useVendorPopupStore),
];

afterEach(async () => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
  for (const reset of resets) reset();
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
});

// A file's stubs, spies and fake timers end with the file (a file may set them once in beforeAll).
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
