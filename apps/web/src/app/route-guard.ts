import { type LoaderFunction, redirect } from 'react-router';
import { paths } from '@/config/paths';
import { hasToken, isStoredAgent } from '@/lib/storage';

/** Route flags, kept on each route's `handle` too so the shell can read them. */
export interface RouteAccess {
  requiresAuth?: boolean;
  requiresAgent?: boolean;
}

export interface GuardSession {
  hasToken: boolean;
  isAgent: boolean;
}

/**
 * Where a visitor without access is sent, or null to let them in. Spec: a route that requires
 * authentication redirects to /login without a token; /agentHome sends non-agents to /agent.
 */
export function resolveGuardRedirect(access: RouteAccess, session: GuardSession): string | null {
  if (access.requiresAgent && (!session.hasToken || !session.isAgent)) return paths.agent.getHref();
  if (access.requiresAuth && !session.hasToken) return paths.login.getHref();
  return null;
}

export function readGuardSession(): GuardSession {
  return { hasToken: hasToken(), isAgent: isStoredAgent() };
}

/** A route loader enforcing the access flags before the screen (and its chunk) loads. */
export function createGuardLoader(access: RouteAccess, readSession: () => GuardSession = readGuardSession): LoaderFunction {
  return () => {
    const target = resolveGuardRedirect(access, readSession());
    if (target) throw redirect(target);
    return null;
  };
}
