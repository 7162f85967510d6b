import type { Language } from '@kismat/contracts/languages';
import { useCallback } from 'react';
import { changeLanguage } from '@/lib/i18n';
import { updateLanguage } from '../api/update-language';

/**
 * Spec: changing language sets the locale, stores it, notifies the server and updates state.
 * The server call is best effort: the visitor's choice must not wait on it or fail with it.
 */
export function useChangeLanguage(): (language: Language) => Promise<void> {
  return useCallback(async (language: Language) => {
    await changeLanguage(language);
    void updateLanguage(language).catch(() => undefined);
  }, []);
}
