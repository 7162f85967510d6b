import { ERROR_CODES, type ErrorCode } from '@kismat/contracts/errors';

/**
 * A failure the caller can act on. `code` is stable, the message is localised when the
 * envelope is written; `value` carries machine-readable details (field errors, captcha flag).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly value: unknown;
  /** Overrides the catalogue text (already localised by the caller). */
  readonly userMessage: string | undefined;

  constructor(code: ErrorCode, options: { value?: unknown; message?: string; status?: number } = {}) {
    super(options.message ?? code);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? ERROR_CODES[code];
    this.value = options.value ?? null;
    this.userMessage = options.message;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
