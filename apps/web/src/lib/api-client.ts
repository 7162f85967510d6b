import type { Language } from '@kismat/contracts/languages';
import { openChangePasswordModal, openLoginModal, openTrueAccountModal, useModalStore } from '@/stores/modal-store';
import { useSessionStore } from '@/stores/session-store';
import { getDeviceId, getMerchantCode, getStoredLanguage, getToken } from '@/stores/storage';

/** The code the client uses when no response arrived at all (offline, DNS, CORS, abort). */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
/** The code for a body that is not the `{ success, code, message, value }` envelope. */
export const BAD_RESPONSE_CODE = 'BAD_RESPONSE';

/** A failed call: `code` is the server's stable code; `message` is already in the user's language. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly value: unknown = null,
  ) {
    super(message);
  }

  get isNetworkError(): boolean {
    return this.code === NETWORK_ERROR_CODE;
  }
}

type Envelope = { success: boolean; code: string; message: string; value: unknown };

function isEnvelope(body: unknown): body is Envelope {
  if (typeof body !== 'object' || body === null) return false;
  const record = body as Record<string, unknown>;
  return typeof record.success === 'boolean' && typeof record.code === 'string' && 'value' in record;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Calls that must not pop the login dialog on 401 (e.g. a silent session check). */
  skipAuthRedirect?: boolean;
  /** Sent as application/x-www-form-urlencoded instead of JSON (the spec's form-encoded calls). */
  form?: Record<string, string>;
  /** Sees a successful answer's headers and message (the captcha id header, "code sent" text). */
  onSuccess?: (details: { headers: Headers; message: string }) => void;
  /** Extra request headers (a chat visitor's signed guest id). */
  headers?: Record<string, string>;
}

interface ApiClientConfig {
  baseUrl: string;
  /** The current language, sent as the `Language` header so server messages come back translated. */
  getLanguage: () => Language;
  /** Text for a request that never got an answer; i18n replaces it once translations load. */
  getNetworkErrorMessage: () => string;
  onUnauthorized: () => void;
  /** A session opened with 123456 or an expired password may only change it (spec section 4). */
  onPasswordChangeRequired: () => void;
  /** A trial player reached a member-only call: tell them a true account is needed. */
  onTrialForbidden: () => void;
}

const config: ApiClientConfig = {
  baseUrl: '',
  getLanguage: getStoredLanguage,
  getNetworkErrorMessage: () => 'Network link is abnormal, try again',
  onUnauthorized: () => {
    useSessionStore.getState().signOut();
    openLoginModal();
  },
  // The login that opened this session may already have opened the popup with the password it
  // holds; a refused background call must not replace it.
  onPasswordChangeRequired: () => {
    if (useModalStore.getState().openModal !== 'changePassword') openChangePasswordModal({ isForced: true });
  },
  onTrialForbidden: openTrueAccountModal,
};

export function configureApiClient(overrides: Partial<ApiClientConfig>): void {
  Object.assign(config, overrides);
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return `${config.baseUrl}${path}${search ? `?${search}` : ''}`;
}

/**
 * Calls the API and returns the envelope's `value`. Throws ApiError on `success: false`, on a
 * body that is not an envelope, and on network failure. A 401 also ends the local session.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', Language: config.getLanguage() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const merchant = getMerchantCode();
  if (merchant) headers.Merchant = merchant;
  const deviceId = getDeviceId();
  if (deviceId) headers['X-Device-Id'] = deviceId;
  Object.assign(headers, options.headers);
  let body: string | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    // An abort is the caller's own decision (TanStack Query cancels stale requests): pass it on.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_CODE, config.getNetworkErrorMessage(), 0);
  }

  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }

  if (response.status === 401 && !options.skipAuthRedirect) config.onUnauthorized();

  if (!isEnvelope(payload)) {
    // A proxy's HTML error page or an empty body: the user gets the translated network text,
    // never raw server output.
    throw new ApiError(BAD_RESPONSE_CODE, config.getNetworkErrorMessage(), response.status);
  }
  if (!payload.success || !response.ok) {
    if (!options.skipAuthRedirect && payload.code === 'PASSWORD_CHANGE_REQUIRED') config.onPasswordChangeRequired();
    if (!options.skipAuthRedirect && payload.code === 'TRIAL_FORBIDDEN') config.onTrialForbidden();
    throw new ApiError(payload.code, payload.message, response.status, payload.value ?? null);
  }
  options.onSuccess?.({ headers: response.headers, message: payload.message });
  return payload.value as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * POSTs a multipart form (files; the JSON client does not send them) and returns the envelope's
 * value. The member's token goes along unless `sendToken` is false; `headers` adds to the usual ones.
 */
export async function postMultipart<T>(
  url: string,
  form: FormData,
  options: { headers?: Record<string, string>; sendToken?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', Language: getStoredLanguage(), ...options.headers };
  const token = getToken();
  if (token && options.sendToken !== false) headers.Authorization = `Bearer ${token}`;
  const merchant = getMerchantCode();
  if (merchant) headers.Merchant = merchant;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', body: form, headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(NETWORK_ERROR_CODE, '', 0);
  }
  const payload = (await response.json().catch(() => null)) as { success?: boolean; code?: string; message?: string; value?: T } | null;
  if (!payload?.success || !payload.value) throw new ApiError(payload?.code ?? BAD_RESPONSE_CODE, payload?.message ?? '', response.status);
  return payload.value;
}
