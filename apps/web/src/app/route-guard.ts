import { type LoaderFunction, redirect } from 'react-router';
import { paths, toReturnPath } from '@/config/paths';
import { openTrueAccountModal } from '@/stores/modal-store';
import { hasToken, isStoredAgent, isStoredTrial } from '@/stores/storage';

/** Route flags, kept on each route's `handle` too so the shell can read them. */
export interface RouteAccess {
  requiresAuth?: boolean;
  requiresAgent?: boolean;
  /** Trial players may not enter (spec section 6: member centre, agent centre, game launches). */
  requiresRealAccount?: boolean;
}

export interface GuardSession {
  hasToken: boolean;
  isAgent: boolean;
  isTrial?: boolean;
}

/**
 * Where a visitor without access is sent, or null to let them in. Spec: a route that requires
 * authentication redirects to /login without a token, which opens `from` (the page asked for)
 * after the login; /agentHome sends non-agents to /agent; a trial player is kept out of
 * member-only screens (and told why, see createGuardLoader).
 */
export function resolveGuardRedirect(access: RouteAccess, session: GuardSession, from?: string): string | null {
  if (access.requiresAgent && (!session.hasToken || !session.isAgent)) return paths.agent.getHref();
  if (access.requiresAuth && !session.hasToken) {
    const back = toReturnPath(from);
    return paths.login.getHref(back && back !== paths.home.path ? back : undefined);
  }
  if (access.requiresRealAccount && session.hasToken && session.isTrial) return paths.home.getHref();
  return null;
}

export function readGuardSession(): GuardSession {
  return { hasToken: hasToken(), isAgent: isStoredAgent(), isTrial: isStoredTrial() };
}

/** A route loader enforcing the access flags before the screen (and its chunk) loads. */
export function createGuardLoader(access: RouteAccess, readSession: () => GuardSession = readGuardSession): LoaderFunction {
  return ({ request }) => {
    const session = readSession();
    const url = new URL(request.url);
    const target = resolveGuardRedirect(access, session, `${url.pathname}${url.search}`);
    if (!target) return null;
    if (access.requiresRealAccount && session.hasToken && session.isTrial) openTrueAccountModal();
    throw redirect(target);
  };
}
