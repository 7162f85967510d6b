import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useModalStore } from '@/stores/modal-store';
import { useSessionStore } from '@/stores/session-store';
import { ApiError, api, NETWORK_ERROR_CODE } from './api-client';

function respond(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useModalStore.getState().close();
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('returns the envelope value and sends the language and token headers', async () => {
    localStorage.setItem('lang', 'SW');
    sessionStorage.setItem('token', 'secret-token');
    sessionStorage.setItem('merchantCode', 'KISMAT');
    fetchMock.mockResolvedValue(respond(200, { success: true, code: 'OK', message: 'OK', value: { answer: 42 } }));

    await expect(api.get('/wps/system/status', { query: { lang: 'SW', empty: '' } })).resolves.toEqual({ answer: 42 });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/wps/system/status?lang=SW');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Language).toBe('SW');
    expect(headers.Authorization).toBe('Bearer secret-token');
    expect(headers.Merchant).toBe('KISMAT');
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(respond(200, { success: true, code: 'OK', message: 'OK', value: null }));
    await api.get('/wps/system/permission');
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers.Language).toBe('BN');
  });

  it('throws a typed ApiError on success: false', async () => {
    fetchMock.mockResolvedValue(
      respond(422, { success: false, code: 'CAPTCHA_REQUIRED', message: 'Please enter the captcha', value: { captcha: true } }),
    );
    const error = await api.post('/wps/session/login', { username: 'a' }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'CAPTCHA_REQUIRED', message: 'Please enter the captcha', status: 422, value: { captcha: true } });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ username: 'a' }));
  });

  it('on 401 clears the session but keeps the merchant, and opens the login popup', async () => {
    sessionStorage.setItem('token', 'expired');
    sessionStorage.setItem('nickname', 'Rahim');
    sessionStorage.setItem('merchant', 'KISMAT');
    useSessionStore.getState().refresh();
    fetchMock.mockResolvedValue(respond(401, { success: false, code: 'SESSION_EXPIRED', message: 'Session expired', value: null }));

    await expect(api.get('/wps/member/info')).rejects.toMatchObject({ code: 'SESSION_EXPIRED', status: 401 });

    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('nickname')).toBeNull();
    expect(sessionStorage.getItem('merchant')).toBe('KISMAT');
    expect(useSessionStore.getState().isLogin).toBe(false);
    expect(useModalStore.getState().openModal).toBe('login');
  });

  it('maps a network failure to the "Network link is abnormal" error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await api.get('/wps/system/status').catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: NETWORK_ERROR_CODE, status: 0, message: 'Network link is abnormal, try again' });
    expect((error as ApiError).isNetworkError).toBe(true);
  });

  it('never shows a non-envelope body (a proxy error page) to the user', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('/wps/system/status')).rejects.toMatchObject({ status: 502, message: 'Network link is abnormal, try again' });
  });

  it('sends form-encoded bodies and reports the answer message and headers', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ success: true, code: 'OK', message: 'Sent', value: { expiredMinutes: 30 } }), {
        status: 200,
        headers: { 'x-captcha-id': 'abc' },
      }),
    );
    const onSuccess = vi.fn();
    await api.post('/wps/member/password/email', undefined, { form: { username: 'rahim', email: 'r@x.io' }, onSuccess });
    const init = fetchMock.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string> | undefined)?.['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(init?.body).toBe('username=rahim&email=r%40x.io');
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ message: 'Sent' }));
    expect(onSuccess.mock.calls[0]?.[0].headers.get('x-captcha-id')).toBe('abc');
  });

  it('opens the forced change-password popup on PASSWORD_CHANGE_REQUIRED, keeping a password the login holds', async () => {
    fetchMock.mockImplementation(async () =>
      respond(403, { success: false, code: 'PASSWORD_CHANGE_REQUIRED', message: 'Change your password', value: null }),
    );
    await api.get('/wps/relay/MCSFE_getFavoriteGames').catch(() => undefined);
    expect(useModalStore.getState()).toMatchObject({ openModal: 'changePassword', changePassword: { isForced: true, heldPassword: null } });

    useModalStore.getState().openChangePassword({ isForced: true, heldPassword: '123456' });
    await api.get('/wps/relay/MCSFE_getFavoriteGames').catch(() => undefined);
    expect(useModalStore.getState().changePassword.heldPassword).toBe('123456');
  });

  it('tells a trial player a true account is needed on TRIAL_FORBIDDEN', async () => {
    fetchMock.mockResolvedValue(
      respond(403, { success: false, code: 'TRIAL_FORBIDDEN', message: 'A true account is needed', value: null }),
    );
    await api.get('/wps/member/security').catch(() => undefined);
    expect(useModalStore.getState().openModal).toBe('trueAccount');
  });
});
