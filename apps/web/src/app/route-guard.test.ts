import { describe, expect, it } from 'vitest';
import { toReturnPath } from '@/config/paths';
import { useModalStore } from '@/stores/modal-store';
import { createGuardLoader, readGuardSession, resolveGuardRedirect } from './route-guard';

const visitor = { hasToken: false, isAgent: false, isTrial: false };
const member = { hasToken: true, isAgent: false, isTrial: false };
const agent = { hasToken: true, isAgent: true, isTrial: false };
const trial = { hasToken: true, isAgent: false, isTrial: true };

function runLoader(loader: ReturnType<typeof createGuardLoader>, url = 'http://localhost/'): unknown {
  try {
    return loader({ request: new Request(url), params: {}, context: undefined } as never);
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

describe('trial players', () => {
  it('keeps a trial player out of member-only routes and sends them home', () => {
    expect(resolveGuardRedirect({ requiresAuth: true, requiresRealAccount: true }, trial)).toBe('/');
    expect(resolveGuardRedirect({ requiresAuth: true, requiresRealAccount: true }, member)).toBeNull();
  });

  it('sends an anonymous visitor of a member-only route to /login, not home', () => {
    expect(resolveGuardRedirect({ requiresAuth: true, requiresRealAccount: true }, visitor)).toBe('/login');
  });

  it('keeps a trial player out of the agent centre', () => {
    expect(resolveGuardRedirect({ requiresAgent: true }, trial)).toBe('/agent');
  });

  it('opens the "a true account is needed" dialog when it turns a trial player away', () => {
    useModalStore.getState().close();
    const result = runLoader(createGuardLoader({ requiresAuth: true, requiresRealAccount: true }, () => trial));
    expect((result as Response).headers.get('Location')).toBe('/');
    expect(useModalStore.getState().openModal).toBe('trueAccount');
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
    sessionStorage.setItem('isAgent', 'false');
    sessionStorage.setItem('isTrial', 'true');
    expect(readGuardSession()).toEqual(trial);
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

  it('sends the visitor to /login with the page asked for, which the login opens afterwards', () => {
    const member = runLoader(createGuardLoader({ requiresAuth: true }), 'http://localhost/member?page=withdraw');
    expect((member as Response).headers.get('Location')).toBe(`/login?redirect=${encodeURIComponent('/member?page=withdraw')}`);
    const lottery = runLoader(createGuardLoader({ requiresAuth: true }), 'http://localhost/lottery?gameCode=ELOTT1');
    expect(new URL(`http://localhost${(lottery as Response).headers.get('Location')}`).searchParams.get('redirect')).toBe(
      '/lottery?gameCode=ELOTT1',
    );
  });

  it('returns null when the session has access', () => {
    sessionStorage.setItem('token', 'abc');
    expect(runLoader(createGuardLoader({ requiresAuth: true }))).toBeNull();
  });
});

describe('toReturnPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(toReturnPath('/member?page=withdraw')).toBe('/member?page=withdraw');
    expect(toReturnPath('/lottery?gameCode=ELOTT1#slip')).toBe('/lottery?gameCode=ELOTT1#slip');
  });

  it('refuses anything that leaves the site (an open redirect after the password is typed)', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      '',
      null,
    ]) {
      expect(toReturnPath(value)).toBeNull();
    }
  });

  it('never returns to the login or register page itself', () => {
    expect(toReturnPath('/login?redirect=/member')).toBeNull();
    expect(toReturnPath('/register')).toBeNull();
  });
});
