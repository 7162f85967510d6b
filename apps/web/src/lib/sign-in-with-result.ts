import type { LoginResult } from '@kismat/contracts/session';
import { useSessionStore } from '@/stores/session-store';
import { getMerchantCode } from '@/stores/storage';

/** Stores the session keys of spec section 3 and the member a login (or password change) answered with. */
export function signInWithResult(result: LoginResult): void {
  const store = useSessionStore.getState();
  store.signIn({
    token: result.token,
    nickname: result.member.nickname,
    account: result.member.account,
    username: result.userName,
    customerId: result.member.id,
    isAgent: result.member.isAgent,
    isTrial: result.member.isTrial,
    merchantCode: getMerchantCode(),
  });
  store.setMember(result.member);
}
