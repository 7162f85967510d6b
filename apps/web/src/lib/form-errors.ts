import type { FieldError } from '@kismat/contracts/member';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Field errors the server sent in value.fields (register, password and profile calls), each already in the member's language. */
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

/**
 * Puts the server's field errors under the form fields among `fields`; says whether any was
 * shown (when none was, the form shows the call's message instead).
 */
export function showServerFieldErrors<Fields extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Fields>,
  fields: readonly Path<Fields>[],
  { shouldFocusFirst = false }: { shouldFocusFirst?: boolean } = {},
): boolean {
  let isShownUnderField = false;
  for (const field of serverFieldErrors(error)) {
    const name = fields.find((candidate) => candidate === field.field);
    if (name === undefined) continue;
    setError(name, { type: 'server', message: field.message }, shouldFocusFirst ? { shouldFocus: !isShownUnderField } : undefined);
    isShownUnderField = true;
  }
  return isShownUnderField;
}

/** A wrong or expired SMS / e-mail code: shown under the code field rather than over the form. */
export function isVerificationCodeError(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 'VERIFICATION_CODE_INVALID' || error.code === 'VERIFICATION_CODE_EXPIRED');
}

/** The message to show for a failed call: the server's (already in the user's language). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

/** Seconds the server asks to wait (SMS_TOO_FREQUENT, throttled logins), if it said. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  const value = error.value;
  if (typeof value !== 'object' || value === null) return null;
  const seconds = (value as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}

/** Seconds the send-code button stays disabled (spec section 4): expiredMinutes × 60, one minute when absent. */
export function countdownSeconds(sent: { expiredMinutes?: number } | null | undefined): number {
  const minutes = sent?.expiredMinutes;
  return typeof minutes === 'number' && minutes > 0 ? minutes * 60 : 60;
}
