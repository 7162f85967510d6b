import { ApiError } from '@/lib/api-client';

/** The value of a failed login: whether the captcha must now be shown (spec section 4). */
export function needsCaptcha(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const value = error.value;
  return typeof value === 'object' && value !== null && (value as { captcha?: unknown }).captcha === true;
}
