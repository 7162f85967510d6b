import type { Language } from '@kismat/contracts/languages';
import type { helpCategory, SYSTEM_PATHS } from '@kismat/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';

export type HelpCategory = z.infer<typeof helpCategory>;
export type HelpCenter = { language: Language; categories: HelpCategory[] };

const HELP_CENTER_PATH = '/wps/system/helpCenter' satisfies (typeof SYSTEM_PATHS)['helpCenter'];

export function getHelpCenter(language: Language): Promise<HelpCenter> {
  return api.get<HelpCenter>(HELP_CENTER_PATH, { query: { lang: language, device: 'WEB' } });
}

export function helpCenterQueryKey(language: Language) {
  return ['help', 'center', language] as const;
}

export function getHelpCenterQueryOptions(language: Language) {
  return queryOptions({ queryKey: helpCenterQueryKey(language), queryFn: () => getHelpCenter(language), staleTime: 10 * 60_000 });
}

export function useHelpCenter() {
  const language = useLanguage();
  return useQuery(getHelpCenterQueryOptions(language));
}
