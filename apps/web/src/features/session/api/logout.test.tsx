import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { storeMerchantCode } from '@/stores/storage';
import { useLogout } from './logout';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

function signInEverything() {
  storeMerchantCode('KISMAT');
  useSessionStore.getState().signIn({ token: 'tok', nickname: 'Lucky', account: 'player01', customerId: 7, isAgent: true });
  sessionStorage.setItem('consolidated', '{}');
  sessionStorage.setItem('hotGames', '[]');
}

function renderLogout() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['member', 'info'], { balance: '1.00' });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, ...renderHook(() => useLogout(), { wrapper }) };
}

describe('logout (spec section 4)', () => {
  it('calls DELETE /wps/session/logout, clears session storage but the merchant and the signed-out marker, and resets the flags', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: true, code: 'OK', message: 'OK', value: null }), { status: 200 }));
    signInEverything();
    const { result, queryClient } = renderLogout();
    await act(async () => {
      result.current.mutate();
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(input)).toBe('/wps/session/logout');
    expect(init?.method).toBe('DELETE');
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer tok');
    // The signed-out marker stays: the person has an account, the visitors' welcome is not for them.
    expect(Object.keys({ ...sessionStorage }).sort()).toEqual(['merchant', 'merchantCode', 'signedOut']);
    expect(useSessionStore.getState()).toMatchObject({ isLogin: false, isAgent: false, isTrial: false, member: null });
    expect(queryClient.getQueryData(['member', 'info'])).toBeUndefined();
  });

  it('ends the local session even when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    signInEverything();
    const { result } = renderLogout();
    await act(async () => {
      result.current.mutate();
    });
    await waitFor(() => expect(result.current.isIdle).toBe(false));
    await waitFor(() => expect(useSessionStore.getState().isLogin).toBe(false));
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});
