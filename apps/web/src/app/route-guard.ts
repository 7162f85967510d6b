import { type LoaderFunction, redirect } from 'react-router';
import { paths } from '@/config/paths';
import { hasToken, isStoredAgent, isStoredTrial } from '@/lib/storage';
import { openTrueAccountModal } from '@/stores/modal-store';

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
 * authentication redirects to /login without a token; /agentHome sends non-agents to /agent;
 * a trial player is kept out of member-only screens (and told why, see createGuardLoader).
 */
export function resolveGuardRedirect(access: RouteAccess, session: GuardSession): string | null {
  if (access.requiresAgent && (!session.hasToken || !session.isAgent)) return paths.agent.getHref();
  if (access.requiresAuth && !session.hasToken) return paths.login.getHref();
  if (access.requiresRealAccount && session.hasToken && session.isTrial) return paths.home.getHref();
  return null;
}

export function readGuardSession(): GuardSession {
  return { hasToken: hasToken(), isAgent: isStoredAgent(), isTrial: isStoredTrial() };
}

/** A route loader enforcing the access flags before the screen (and its chunk) loads. */
export function createGuardLoader(access: RouteAccess, readSession: () => GuardSession = readGuardSession): LoaderFunction {
  return () => {
    const session = readSession();
    const target = resolveGuardRedirect(access, session);
    if (!target) return null;
    if (access.requiresRealAccount && session.hasToken && session.isTrial) openTrueAccountModal();
    throw redirect(target);
  };
}
