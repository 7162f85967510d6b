import type { FieldError } from '@kismat/contracts/member';
import { ApiError } from '@/lib/api-client';

/** The value of a failed login: whether the captcha must now be shown (spec section 4). */
export function needsCaptcha(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const value = error.value;
  return typeof value === 'object' && value !== null && (value as { captcha?: unknown }).captcha === true;
}

/** Field errors the server sent in value.fields (register, password and profile calls). */
export function serverFieldErrors(error: unknown): FieldError[] {
  if (!(error instanceof ApiError)) return [];
  const value = error.value;
  if (typeof value !== 'object' || value === null) return [];
  const fields = (value as { fields?: unknown }).fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (field): field is FieldError =>
      typeof field === 'object' &&
      field !== null &&
      typeof (field as FieldError).field === 'string' &&
      typeof (field as FieldError).message === 'string',
  );
}

/** Seconds the server asks to wait (SMS_TOO_FREQUENT, throttled logins), if it said. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  const value = error.value;
  if (typeof value !== 'object' || value === null) return null;
  const seconds = (value as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}

/** The message to show for a failed call: the server's (already in the user's language). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
