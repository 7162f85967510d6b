import type { memberProfile, SECURITY_PATHS } from '@kismat/contracts/security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

const PROFILE_PATH = '/wps/member/security/profile' satisfies (typeof SECURITY_PATHS)['profile'];

export type MemberProfile = z.infer<typeof memberProfile>;

/** GET /wps/member/security/profile (T): the profile fields. */
export function getProfile(): Promise<MemberProfile> {
  return api.get<MemberProfile>(PROFILE_PATH);
}

export const profileQueryKey = ['member', 'security', 'profile'] as const;

export function useProfile() {
  return useQuery(queryOptions({ queryKey: profileQueryKey, queryFn: getProfile }));
}
