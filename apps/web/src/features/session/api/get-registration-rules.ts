import type { FieldRule, SYSTEM_PATHS } from '@kismat/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const RULES_PATH = '/wps/system/setting/register' satisfies (typeof SYSTEM_PATHS)['registerSettings'];

/** GET /wps/system/setting/register (N): the merchant's field rules (shown, required, pattern, lengths). */
export async function getRegistrationRules(): Promise<FieldRule[]> {
  const value = await api.get<{ fields: FieldRule[] }>(RULES_PATH);
  return value.fields;
}

export const registrationRulesQueryKey = ['system', 'registrationRules'] as const;

export function getRegistrationRulesQueryOptions() {
  return queryOptions({ queryKey: registrationRulesQueryKey, queryFn: getRegistrationRules, staleTime: 5 * 60_000 });
}

export function useRegistrationRules() {
  return useQuery(getRegistrationRulesQueryOptions());
}
