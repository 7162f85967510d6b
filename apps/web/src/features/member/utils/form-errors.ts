import type { FieldError } from '@kismat/contracts/member';
import { ApiError } from '@/lib/api-client';

/** Field errors the server sent in value.fields, each already in the member's language. */
export function serverFieldErrors(error: unknown): FieldError[] {
  if (!(error instanceof ApiError)) return [];
  const value = error.value;
  if (typeof value !== 'object' || value === null) return [];
  const fields = (value as { fields?: unknown }).fields;
  return Array.isArray(fields)
    ? fields.filter(
        (field): field is FieldError =>
          typeof field === 'object' &&
          field !== null &&
          typeof (field as FieldError).field === 'string' &&
          typeof (field as FieldError).message === 'string',
      )
    : [];
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || typeof error.value !== 'object' || error.value === null) return null;
  const seconds = (error.value as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}

/** Seconds before another code may be sent: expiredMinutes × 60 (one minute when absent). */
export function countdownSeconds(sent: { expiredMinutes?: number } | null | undefined): number {
  const minutes = sent?.expiredMinutes;
  return typeof minutes === 'number' && minutes > 0 ? minutes * 60 : 60;
}
