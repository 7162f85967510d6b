import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useModalStore } from '@/stores/modal-store';
import { useSessionStore } from '@/stores/session-store';
import { storeMerchantCode } from '@/stores/storage';
import { memberInfoQueryKey } from '../api/get-member-info';
import { FLAGS_OFF, loginResult, memberInfo } from '../test-data';
import { completeLogin } from './complete-login';

function envelope(value: unknown) {
  return new Response(JSON.stringify({ success: true, code: 'OK', message: 'OK', value }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/funds/consolidated')) {
      return envelope({ dailysalreqtype: true, divtypereq: false, contracthoursalreq: false, realtimesalreqtype: false });
    }
    if (url.includes('/firstLogin')) return envelope(memberInfo());
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  useModalStore.getState().close();
  useSessionStore.getState().signOut();
});

function calledPaths(): string[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
}

describe('completeLogin (spec section 4, login)', () => {
  it('stores the session keys of spec section 3 and the member info', async () => {
    storeMerchantCode('KISMAT');
    const queryClient = new QueryClient();
    const outcome = await completeLogin(loginResult(), { queryClient, flags: FLAGS_OFF, heldPassword: 'secret1' });
    expect(outcome).toBe('signedIn');
    expect(sessionStorage.getItem('token')).toBe('token-abc');
    expect(sessionStorage.getItem('nickname')).toBe('Lucky');
    expect(sessionStorage.getItem('account')).toBe('player01');
    expect(sessionStorage.getItem('username')).toBe('player01');
    expect(sessionStorage.getItem('customerId')).toBe('42');
    expect(sessionStorage.getItem('isAgent')).toBe('false');
    expect(sessionStorage.getItem('merchant')).toBe('KISMAT');
    expect(sessionStorage.getItem('merchantCode')).toBe('KISMAT');
    const state = useSessionStore.getState();
    expect(state).toMatchObject({ isLogin: true, isAgent: false, isTrial: false, isAfterLogin: true, isFirstLogin: false });
    expect(state.member?.balance).toBe('1250.50');
    expect(queryClient.getQueryData(memberInfoQueryKey)).toMatchObject({ account: 'player01' });
  });

  it('never stores the password', async () => {
    await completeLogin(loginResult(), { queryClient: new QueryClient(), flags: FLAGS_OFF, heldPassword: 'secret-pass' });
    const everything = JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage });
    expect(everything).not.toContain('secret-pass');
  });

  it('stores the agent flag as the string "true" for agents', async () => {
    await completeLogin(loginResult({}, { type: 1, isAgent: true }), {
      queryClient: new QueryClient(),
      flags: FLAGS_OFF,
      heldPassword: null,
    });
    expect(sessionStorage.getItem('isAgent')).toBe('true');
    expect(useSessionStore.getState().isAgent).toBe(true);
  });

  it('runs the first-login action on a first login', async () => {
    await completeLogin(loginResult({ firstTimeLogin: true }), { queryClient: new QueryClient(), flags: FLAGS_OFF, heldPassword: null });
    expect(calledPaths()).toContain('/wps/member/firstLogin');
    expect(useSessionStore.getState().isFirstLogin).toBe(true);
  });

  it('opens the change-password popup with the held password when the server forces a change', async () => {
    const outcome = await completeLogin(loginResult({ forceChangePassword: true, firstTimeLogin: true }), {
      queryClient: new QueryClient(),
      flags: { ...FLAGS_OFF, AGENTPOLICY3: true },
      heldPassword: '123456',
    });
    expect(outcome).toBe('passwordChange');
    expect(useModalStore.getState()).toMatchObject({
      openModal: 'changePassword',
      changePassword: { isForced: true, heldPassword: '123456' },
    });
    // Nothing else runs before the password is changed (the server would refuse it anyway).
    expect(calledPaths()).toEqual([]);
    expect(useSessionStore.getState().isAfterLogin).toBe(false);
  });

  it('loads the consolidated contract data for real members when AGENTPOLICY3 is on', async () => {
    await completeLogin(loginResult(), { queryClient: new QueryClient(), flags: { ...FLAGS_OFF, AGENTPOLICY3: true }, heldPassword: null });
    expect(calledPaths()).toContain('/wps/member/info/funds/consolidated');
    expect(JSON.parse(sessionStorage.getItem('consolidated') ?? '{}')).toMatchObject({ dailysalreqtype: true });
    expect(sessionStorage.getItem('enableSalary')).toBe('true');
    expect(sessionStorage.getItem('enableContract')).toBe('false');
  });

  it('skips the consolidated data without AGENTPOLICY3 and for trial players', async () => {
    await completeLogin(loginResult(), { queryClient: new QueryClient(), flags: FLAGS_OFF, heldPassword: null });
    await completeLogin(loginResult({}, { type: 4, isTrial: true }), {
      queryClient: new QueryClient(),
      flags: { ...FLAGS_OFF, AGENTPOLICY3: true },
      heldPassword: null,
    });
    expect(calledPaths()).not.toContain('/wps/member/info/funds/consolidated');
    expect(sessionStorage.getItem('isTrial')).toBe('true');
    expect(useSessionStore.getState().isTrial).toBe(true);
  });
});
