import type { Language } from '@kismat/contracts/languages';
import { create } from 'zustand';
import { getStoredLanguage } from './storage';

/** The interface language as app state: query keys include it so server text refetches on change. */
interface LanguageState {
  language: Language;
  setLanguage: (language: Language) => void;
}

export const useLanguageStore = create<LanguageState>()((set) => ({
  language: getStoredLanguage(),
  setLanguage: (language) => set({ language }),
}));

export function useLanguage(): Language {
  return useLanguageStore((state) => state.language);
}
