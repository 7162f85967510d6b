import type { SECURITY_PATHS } from '@kismat/contracts/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sealedRequest } from '@/lib/sealed-request';
import { type SecurityOverview, securityOverviewQueryKey } from './get-security-overview';

const BIND_EMAIL_PATH = '/wps/member/security/email' satisfies (typeof SECURITY_PATHS)['bindEmail'];

/** POST /wps/member/security/email (T, E): binds the address for good; answers the new overview. */
export function bindEmail(body: { email: string; verificationCode: string }): Promise<SecurityOverview> {
  return sealedRequest<SecurityOverview>(BIND_EMAIL_PATH, body);
}

export function useBindEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindEmail,
    onSuccess: (overview) => {
      queryClient.setQueryData(securityOverviewQueryKey, overview);
      void queryClient.invalidateQueries({ queryKey: ['member', 'info'] });
    },
  });
}
