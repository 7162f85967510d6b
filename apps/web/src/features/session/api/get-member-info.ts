import type { MEMBER_PATHS, MemberInfo } from '@kismat/contracts/member';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';

const MEMBER_INFO_PATH = '/wps/member/info' satisfies (typeof MEMBER_PATHS)['info'];

/** GET /wps/member/info (T): member info and state; the session store mirrors the latest answer. */
export async function getMemberInfo(): Promise<MemberInfo> {
  const info = await api.get<MemberInfo>(MEMBER_INFO_PATH);
  useSessionStore.getState().setMember(info);
  return info;
}

export const memberInfoQueryKey = ['member', 'info'] as const;

export function getMemberInfoQueryOptions() {
  return queryOptions({ queryKey: memberInfoQueryKey, queryFn: getMemberInfo, staleTime: 30_000 });
}

export function useMemberInfo({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...getMemberInfoQueryOptions(), enabled: isEnabled });
}
