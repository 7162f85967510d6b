import { AGENT_PATHS } from '@kismat/contracts/agent';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { agentKeys } from './agent-keys';
import type { Invitation } from './types';

/** POST /wps/agent/invitations/:id/disable: the link stops accepting registrations. */
export function disableInvitation(id: number): Promise<Invitation> {
  return api.post<Invitation>(AGENT_PATHS.invitationDisable.replace(':id', String(id)));
}

export function useDisableInvitation() {
  return useInvalidatingMutation(disableInvitation, agentKeys.invitations);
}
