import type { Language } from '@kismat/contracts/languages';
import type { SYSTEM_PATHS } from '@kismat/contracts/system';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const LANGUAGE_PATH = '/wps/system/language' satisfies (typeof SYSTEM_PATHS)['language'];

/** Tells the server the member's language (for messages, SMS and mail it sends later). */
export function updateLanguage(language: Language): Promise<unknown> {
  return api.post<unknown>(LANGUAGE_PATH, { language }, { skipAuthRedirect: true });
}

export function useUpdateLanguage() {
  return useMutation({ mutationFn: updateLanguage });
}
