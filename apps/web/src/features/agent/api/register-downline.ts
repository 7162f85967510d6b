import { AGENT_PATHS } from '@kismat/contracts/agent';
import type { MemberType } from '@kismat/contracts/member';
import { sealedRequest } from '@/lib/sealed-request';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { agentKeys } from './agent-keys';

export interface RegisterDownlineInput {
  username: string;
  password: string;
  nickname?: string;
  type: MemberType;
}
export interface RegisteredDownline {
  memberId: number;
  username: string;
  type: MemberType;
  affiliateCode: string | null;
}

/** POST /wps/agent/register (E): creates a downline member or agent under the caller. */
export function registerDownline(input: RegisterDownlineInput): Promise<RegisteredDownline> {
  return sealedRequest<RegisteredDownline>(AGENT_PATHS.registerDownline, input);
}

export function useRegisterDownline() {
  return useInvalidatingMutation(registerDownline, agentKeys.all);
}
