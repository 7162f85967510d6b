import type { MEMBER_PATHS, RegisterBody } from '@kismat/contracts/member';
import type { LoginResult } from '@kismat/contracts/session';
import { useMutation } from '@tanstack/react-query';
import { sealedRequest } from '@/lib/sealed-request';

const REGISTER_PATH = '/wps/member/register' satisfies (typeof MEMBER_PATHS)['register'];
const REGISTER_MOBILE_PATH = '/wps/member/register/mobile' satisfies (typeof MEMBER_PATHS)['registerMobile'];

export type RegisterType = 'register' | 'registerMobile';

export interface RegisterAnswer {
  userName: string;
  login: LoginResult | null;
}

/** PUT /wps/member/register or /register/mobile (N, E); field errors come in value.fields. */
export function registerMember({ type, body }: { type: RegisterType; body: RegisterBody }): Promise<RegisterAnswer> {
  return sealedRequest<RegisterAnswer>(type === 'registerMobile' ? REGISTER_MOBILE_PATH : REGISTER_PATH, body, {
    method: 'PUT',
    skipAuthRedirect: true,
  });
}

export function useRegisterMember() {
  return useMutation({ mutationFn: registerMember });
}
