import type { countryCode, SYSTEM_PATHS } from '@kismat/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';

const COUNTRY_CODES_PATH = '/wps/system/countryCodes' satisfies (typeof SYSTEM_PATHS)['countryCodes'];

export type CountryCode = z.infer<typeof countryCode>;

/** GET /wps/system/countryCodes (N): dialing codes for the bind-mobile form. */
export function getCountryCodes(): Promise<CountryCode[]> {
  return api.get<CountryCode[]>(COUNTRY_CODES_PATH);
}

export function useCountryCodes() {
  const language = useLanguage();
  return useQuery(queryOptions({ queryKey: ['system', 'countryCodes', language], queryFn: getCountryCodes, staleTime: 60 * 60_000 }));
}
