import { describe, expect, it } from 'vitest';
import { createGuardLoader, readGuardSession, resolveGuardRedirect } from './route-guard';

const visitor = { hasToken: false, isAgent: false };
const member = { hasToken: true, isAgent: false };
const agent = { hasToken: true, isAgent: true };

function runLoader(loader: ReturnType<typeof createGuardLoader>): unknown {
  try {
    return loader({ request: new Request('http://localhost/'), params: {}, context: undefined } as never);
  } catch (thrown) {
    return thrown;
  }
}

describe('resolveGuardRedirect', () => {
  it('lets anyone into an open route', () => {
    expect(resolveGuardRedirect({}, visitor)).toBeNull();
  });

  it('sends a visitor without a token from a requiresAuth route to /login', () => {
    expect(resolveGuardRedirect({ requiresAuth: true }, visitor)).toBe('/login');
  });

  it('lets a member with a token into a requiresAuth route', () => {
    expect(resolveGuardRedirect({ requiresAuth: true }, member)).toBeNull();
  });

  it('sends non-agents from the agent centre to /agent', () => {
    expect(resolveGuardRedirect({ requiresAgent: true }, member)).toBe('/agent');
    expect(resolveGuardRedirect({ requiresAgent: true }, visitor)).toBe('/agent');
    expect(resolveGuardRedirect({ requiresAgent: true }, agent)).toBeNull();
  });
});

describe('readGuardSession', () => {
  it('reads the token and the agent flag from sessionStorage', () => {
    expect(readGuardSession()).toEqual(visitor);
    sessionStorage.setItem('token', 'abc');
    sessionStorage.setItem('isAgent', 'false');
    expect(readGuardSession()).toEqual(member);
    sessionStorage.setItem('isAgent', 'true');
    expect(readGuardSession()).toEqual(agent);
  });

  it('treats any isAgent other than the string "true" as not an agent', () => {
    sessionStorage.setItem('token', 'abc');
    sessionStorage.setItem('isAgent', '1');
    expect(readGuardSession().isAgent).toBe(false);
  });
});

describe('createGuardLoader', () => {
  it('throws a redirect response to /login when the token is missing', () => {
    const result = runLoader(createGuardLoader({ requiresAuth: true }));
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(302);
    expect((result as Response).headers.get('Location')).toBe('/login');
  });

  it('returns null when the session has access', () => {
    sessionStorage.setItem('token', 'abc');
    expect(runLoader(createGuardLoader({ requiresAuth: true }))).toBeNull();
  });
});
