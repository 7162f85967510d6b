import type { Envelope } from '@kismat/contracts/envelope';

const TOKEN_KEY = 'kismat.admin.token';

/** The session token lives in sessionStorage: closing the tab ends the back-office session. */
export function getToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string | null): void {
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
}

/** A refused call: the server's code and its English message. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly value: unknown,
  ) {
    super(message);
  }
}

/** What a failed call says to the operator: the server's message, else the page's own fallback. */
export function failureText(caught: unknown, fallback: string): string {
  return caught instanceof ApiError ? caught.message : fallback;
}

let onSessionLost: (() => void) | null = null;
export function whenSessionLost(handler: (() => void) | null): void {
  onSessionLost = handler;
}

/** Calls the operator API with the bearer token; answers the envelope's value or throws ApiError. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = getToken();
  const response = await fetch(path, {
    method,
    headers: {
      accept: 'application/json',
      language: 'EN',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError('NETWORK', `The server answered ${response.status} without a readable body.`, response.status, null);
  }
  if (!response.ok || !envelope.success) {
    if (response.status === 401 && path !== '/admin-api/session') onSessionLost?.();
    throw new ApiError(envelope.code, describeFailure(envelope), response.status, envelope.value);
  }
  return envelope.value;
}

/** Field errors of a 422 spelled out, so a person sees what to fix. */
function describeFailure(envelope: Envelope<unknown>): string {
  const fields = (envelope.value as { fields?: { field?: string; message?: string }[] } | null)?.fields;
  if (envelope.code === 'VALIDATION_FAILED' && Array.isArray(fields) && fields.length > 0) {
    return `${envelope.message}: ${fields.map((field) => `${field.field ?? 'field'} ${field.message ?? 'is invalid'}`).join('; ')}`;
  }
  if (envelope.code === 'INSUFFICIENT_FUNDS') {
    const value = envelope.value as { available?: string } | null;
    if (value?.available) return `${envelope.message} (available: ${value.available})`;
  }
  if (envelope.code === 'RATE_LIMITED') {
    const value = envelope.value as { retryAfterSeconds?: number } | null;
    if (value?.retryAfterSeconds) return `${envelope.message} Try again in ${Math.ceil(value.retryAfterSeconds / 60)} min.`;
  }
  return envelope.message;
}

/** Fetches an authorised image (deposit proof) as an object URL an <img> can show. */
export async function fetchImage(path: string): Promise<string> {
  const token = getToken();
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError('NOT_FOUND', 'The proof image could not be loaded.', response.status, null);
  return URL.createObjectURL(await response.blob());
}
