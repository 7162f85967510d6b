import type { FieldRule, SYSTEM_PATHS } from '@kismat/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const RULES_PATH = '/wps/system/setting/register' satisfies (typeof SYSTEM_PATHS)['registerSettings'];

/** GET /wps/system/setting/register (N): the merchant's field rules; the security centre checks passwords, names and dates with them. */
export async function getRegistrationRules(): Promise<FieldRule[]> {
  const value = await api.get<{ fields: FieldRule[] }>(RULES_PATH);
  return value.fields;
}

export function useRegistrationRules() {
  return useQuery(queryOptions({ queryKey: ['system', 'registrationRules'], queryFn: getRegistrationRules, staleTime: 5 * 60_000 }));
}
