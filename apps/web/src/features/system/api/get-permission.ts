import type { PermissionInfo, SYSTEM_PATHS } from '@kismat/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSiteClockStore } from '@/stores/site-clock-store';
import { storeMerchantCode } from '@/stores/storage';

// The contract module builds Zod schemas at load time; the web imports its types only, so Zod
// stays out of the first download. `satisfies` keeps the path in step with the contract.
const PERMISSION_PATH = '/wps/system/permission' satisfies (typeof SYSTEM_PATHS)['permission'];

export async function getPermission(): Promise<PermissionInfo> {
  const permission = await api.get<PermissionInfo>(PERMISSION_PATH);
  // Later requests name the merchant the server resolved (spec: merchant kept in the session).
  storeMerchantCode(permission.merchantCode);
  // Date presets count from the merchant's today, not the device's (lib/date-presets).
  useSiteClockStore.getState().setUtcOffsetMinutes(permission.utcOffsetMinutes);
  return permission;
}

export const permissionQueryKey = ['system', 'permission'] as const;

export function getPermissionQueryOptions() {
  return queryOptions({ queryKey: permissionQueryKey, queryFn: getPermission, staleTime: 5 * 60_000 });
}

export function usePermission() {
  return useQuery(getPermissionQueryOptions());
}
