import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import accountsEn from '../locales/accounts/en.json';
import en from '../locales/en.json';
import feedbackEn from '../locales/feedback/en.json';
import loyaltyEn from '../locales/loyalty/en.json';
import promotionsEn from '../locales/promotions/en.json';
import saferEn from '../locales/safer/en.json';

// Components render English text in tests so assertions read naturally.
await i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: {
    en: { translation: en, accounts: accountsEn, feedback: feedbackEn, promotions: promotionsEn, loyalty: loyaltyEn, safer: saferEn },
  },
  interpolation: { escapeValue: false },
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
