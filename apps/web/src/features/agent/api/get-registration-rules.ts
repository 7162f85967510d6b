import type { FieldRule, SYSTEM_PATHS } from '@kismat/contracts/system';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

const RULES_PATH = '/wps/system/setting/register' satisfies (typeof SYSTEM_PATHS)['registerSettings'];

/** GET /wps/system/setting/register (N): the server's field rules the register centre validates with. */
export async function getRegistrationRules(): Promise<FieldRule[]> {
  const value = await api.get<{ fields: FieldRule[] }>(RULES_PATH);
  return value.fields;
}

export function useRegistrationRules() {
  return useQuery({ queryKey: agentKeys.registrationRules, queryFn: getRegistrationRules, staleTime: 5 * 60_000 });
}
