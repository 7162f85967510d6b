import type { MEMBER_PATHS } from '@kismat/contracts/member';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionItem, SESSION_KEYS, setSessionItem } from '@/stores/storage';
import { type ContractFlags, parseStoredFlags } from '../utils/menu-pages';
import { agentKeys } from './agent-keys';

const CONSOLIDATED_PATH = '/wps/member/info/funds/consolidated' satisfies (typeof MEMBER_PATHS)['consolidated'];

/**
 * GET /wps/member/info/funds/consolidated (T): which contract types apply to this agent. The
 * login stored them in the session; a fresh answer refreshes the stored keys.
 */
export async function getConsolidatedFlags(): Promise<ContractFlags> {
  const flags = await api.get<ContractFlags>(CONSOLIDATED_PATH);
  setSessionItem(SESSION_KEYS.consolidated, JSON.stringify(flags));
  setSessionItem(
    SESSION_KEYS.enableSalary,
    flags.dailysalreqtype || flags.contracthoursalreq || flags.realtimesalreqtype ? 'true' : 'false',
  );
  setSessionItem(SESSION_KEYS.enableContract, flags.divtypereq ? 'true' : 'false');
  return flags;
}

/** `isEnabled` false: visitors and trial players have no contracts, so the member site does not ask. */
export function useConsolidatedFlags(isEnabled = true) {
  return useQuery(
    queryOptions({
      enabled: isEnabled,
      queryKey: agentKeys.consolidated,
      queryFn: getConsolidatedFlags,
      // The session's copy shows the menu at once; the call confirms it.
      placeholderData: () => parseStoredFlags(getSessionItem(SESSION_KEYS.consolidated)) ?? undefined,
      staleTime: 60_000,
    }),
  );
}
