import type { FeatureFlag } from '@kismat/contracts/flags';
import type { LoginResult } from '@kismat/contracts/session';
import type { QueryClient } from '@tanstack/react-query';
import { signInWithResult } from '@/lib/sign-in-with-result';
import { openChangePasswordModal } from '@/stores/modal-store';
import { useSessionStore } from '@/stores/session-store';
import { SESSION_KEYS, setSessionItem } from '@/stores/storage';
import { type Consolidated, getConsolidated } from '../api/get-consolidated';
import { memberInfoQueryKey } from '../api/get-member-info';
import { markFirstLogin } from '../api/mark-first-login';

export type FeatureFlags = Readonly<Record<FeatureFlag, boolean>>;

export type LoginOutcome = 'passwordChange' | 'signedIn';

/** Stores the session keys of spec section 3 and the member info the result carries. */
export function storeLoginResult(result: LoginResult, queryClient: QueryClient): void {
  signInWithResult(result);
  queryClient.setQueryData(memberInfoQueryKey, result.member);
}

/** Which salary and contract screens apply, kept for the agent centre (session keys). */
export function storeConsolidated(consolidated: Consolidated): void {
  setSessionItem(SESSION_KEYS.consolidated, JSON.stringify(consolidated));
  const hasSalary = consolidated.dailysalreqtype || consolidated.contracthoursalreq || consolidated.realtimesalreqtype;
  setSessionItem(SESSION_KEYS.enableSalary, hasSalary ? 'true' : 'false');
  setSessionItem(SESSION_KEYS.enableContract, consolidated.divtypereq ? 'true' : 'false');
}

/**
 * What follows a usable session (spec section 4): the first-login action on a first login,
 * the after-login flag, and the consolidated contract data for real members with AGENTPOLICY3.
 * The extras never block the member: a failure there leaves the login as it is.
 */
export async function finishSignIn(input: { isFirstLogin: boolean; isTrial: boolean; flags: FeatureFlags | undefined }): Promise<void> {
  const tasks: Promise<unknown>[] = [];
  if (input.isFirstLogin) tasks.push(markFirstLogin().catch(() => undefined));
  if (input.flags?.AGENTPOLICY3 && !input.isTrial) {
    tasks.push(
      getConsolidated()
        .then(storeConsolidated)
        .catch(() => undefined),
    );
  }
  useSessionStore.getState().setAfterLogin({ isFirstLogin: input.isFirstLogin });
  await Promise.all(tasks);
}

/**
 * The login state machine of spec section 4: store the token and keys, then either open the
 * change-password popup (the server says 123456 or expired; never after an SMS login) or
 * finish signing in.
 */
export async function completeLogin(
  result: LoginResult,
  options: { queryClient: QueryClient; flags: FeatureFlags | undefined; heldPassword: string | null },
): Promise<LoginOutcome> {
  storeLoginResult(result, options.queryClient);
  if (result.forceChangePassword) {
    openChangePasswordModal({ isForced: true, heldPassword: options.heldPassword });
    return 'passwordChange';
  }
  await finishSignIn({ isFirstLogin: result.firstTimeLogin, isTrial: result.member.isTrial, flags: options.flags });
  return 'signedIn';
}
