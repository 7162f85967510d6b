import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
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

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
