import type { Language } from '@kismat/contracts/languages';
import { openLoginModal } from '@/stores/modal-store';
import { useSessionStore } from '@/stores/session-store';
import { getMerchantCode, getStoredLanguage, getToken } from './storage';

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
}

interface ApiClientConfig {
  baseUrl: string;
  /** The current language, sent as the `Language` header so server messages come back translated. */
  getLanguage: () => Language;
  /** Text for a request that never got an answer; i18n replaces it once translations load. */
  getNetworkErrorMessage: () => string;
  onUnauthorized: () => void;
}

const config: ApiClientConfig = {
  baseUrl: '',
  getLanguage: getStoredLanguage,
  getNetworkErrorMessage: () => 'Network link is abnormal, try again',
  onUnauthorized: () => {
    useSessionStore.getState().signOut();
    openLoginModal();
  },
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
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    // An abort is the caller's own decision (TanStack Query cancels stale requests): pass it on.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_CODE, config.getNetworkErrorMessage(), 0);
  }

  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }

  if (response.status === 401 && !options.skipAuthRedirect) config.onUnauthorized();

  if (!isEnvelope(body)) {
    // A proxy's HTML error page or an empty body: the user gets the translated network text,
    // never raw server output.
    throw new ApiError(BAD_RESPONSE_CODE, config.getNetworkErrorMessage(), response.status);
  }
  if (!body.success || !response.ok) {
    throw new ApiError(body.code, body.message, response.status, body.value ?? null);
  }
  return body.value as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
