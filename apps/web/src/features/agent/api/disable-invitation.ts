import { AGENT_PATHS } from '@kismat/contracts/agent';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { agentKeys } from './agent-keys';
import type { Invitation } from './types';

/** POST /wps/agent/invitations/:id/disable: the link stops accepting registrations. */
export function disableInvitation(id: number): Promise<Invitation> {
  return api.post<Invitation>(AGENT_PATHS.invitationDisable.replace(':id', String(id)));
}

export function useDisableInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.invitations }),
  });
}
