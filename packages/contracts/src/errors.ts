/**
 * The error catalogue: stable machine codes with their HTTP status. The human message is
 * looked up by code in the request's language (`messages` below), so clients may rely on
 * `code` and show `message`.
 */
export const ERROR_CODES = {
  OK: 200,
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 422,
  MALFORMED_JSON: 400,
  AUTH_REQUIRED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  TRIAL_FORBIDDEN: 403,
  AGENT_ONLY: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_CONFLICT: 409,
  CAPTCHA_REQUIRED: 422,
  CAPTCHA_INVALID: 422,
  INSUFFICIENT_FUNDS: 409,
  RATE_LIMITED: 429,
  MAINTENANCE: 503,
  REGION_RESTRICTED: 403,
  SHUTTING_DOWN: 503,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  ENCRYPTION_REQUIRED: 400,
  DECRYPTION_FAILED: 400,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function statusOf(code: ErrorCode): number {
  return ERROR_CODES[code];
}
