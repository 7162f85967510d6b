import type { SECURITY_PATHS, updateProfileBody } from '@kismat/contracts/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { type MemberProfile, profileQueryKey } from './get-profile';
import { securityOverviewQueryKey } from './get-security-overview';

const PROFILE_PATH = '/wps/member/security/profile' satisfies (typeof SECURITY_PATHS)['profile'];

export type UpdateProfileBody = z.input<typeof updateProfileBody>;

/** PUT /wps/member/security/profile (T): only the fields sent change; full name and birthday are set once. */
export function updateProfile(body: UpdateProfileBody): Promise<MemberProfile> {
  return api.put<MemberProfile>(PROFILE_PATH, body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      void queryClient.invalidateQueries({ queryKey: securityOverviewQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['member', 'info'] });
    },
  });
}
