import { AGENT_PATHS, type ContractType } from '@kismat/contracts/agent';
import type { MemberType } from '@kismat/contracts/member';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { agentKeys } from './agent-keys';
import type { Invitation, TermsInput } from './types';

export interface CreateInvitationInput {
  memberType: MemberType;
  label?: string;
  defaultContract?: { type: ContractType; terms: TermsInput } | null;
}

/** POST /wps/agent/invitations: a new invitation link, optionally with a default contract. */
export function createInvitation(input: CreateInvitationInput): Promise<Invitation> {
  return api.post<Invitation>(AGENT_PATHS.invitations, input);
}

export function useCreateInvitation() {
  return useInvalidatingMutation(createInvitation, agentKeys.invitations);
}
