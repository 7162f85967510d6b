import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import {
  countdownSeconds,
  errorMessage,
  isVerificationCodeError,
  retryAfterSeconds,
  serverFieldErrors,
  showServerFieldErrors,
} from './form-errors';

const fieldErrors = new ApiError('VALIDATION_FAILED', 'Check the form', 422, {
  fields: [
    { field: 'newPassword', message: 'Too short' },
    { field: 'mobileNum', message: 'Taken' },
    { field: 'confirmNewPassword', message: 'Does not match' },
    { field: 'broken' },
  ],
});

describe('serverFieldErrors', () => {
  it('keeps the well-formed field errors of an API error and nothing else', () => {
    expect(serverFieldErrors(fieldErrors).map((field) => field.field)).toEqual(['newPassword', 'mobileNum', 'confirmNewPassword']);
    expect(serverFieldErrors(new ApiError('X', 'x', 400, { fields: 'no' }))).toEqual([]);
    expect(serverFieldErrors(new Error('plain'))).toEqual([]);
  });
});

describe('showServerFieldErrors', () => {
  it('sets only the listed fields and says whether any was shown', () => {
    const setError = vi.fn();
    expect(showServerFieldErrors(fieldErrors, setError, ['newPassword', 'confirmNewPassword'])).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['newPassword', { type: 'server', message: 'Too short' }, undefined],
      ['confirmNewPassword', { type: 'server', message: 'Does not match' }, undefined],
    ]);
    expect(showServerFieldErrors(fieldErrors, vi.fn(), ['oldPassword'])).toBe(false);
  });

  it('focuses the first field shown when asked to', () => {
    const setError = vi.fn();
    showServerFieldErrors(fieldErrors, setError, ['mobileNum', 'newPassword'], { shouldFocusFirst: true });
    expect(setError.mock.calls.map((call) => call[2])).toEqual([{ shouldFocus: true }, { shouldFocus: false }]);
  });
});

describe('call failures', () => {
  it('recognises a wrong or expired code', () => {
    expect(isVerificationCodeError(new ApiError('VERIFICATION_CODE_INVALID', 'x', 400))).toBe(true);
    expect(isVerificationCodeError(new ApiError('VERIFICATION_CODE_EXPIRED', 'x', 400))).toBe(true);
    expect(isVerificationCodeError(new ApiError('MOBILE_TAKEN', 'x', 409))).toBe(false);
  });

  it("shows the server's message, else the fallback", () => {
    expect(errorMessage(new ApiError('X', 'From the server', 400), 'Fallback')).toBe('From the server');
    expect(errorMessage(new ApiError('X', '', 400), 'Fallback')).toBe('Fallback');
    expect(errorMessage(new Error('internal detail'), 'Fallback')).toBe('Fallback');
  });

  it('reads a positive retry time and counts expiredMinutes × 60 (one minute when absent)', () => {
    expect(retryAfterSeconds(new ApiError('SMS_TOO_FREQUENT', 'x', 429, { retryAfterSeconds: 42 }))).toBe(42);
    expect(retryAfterSeconds(new ApiError('SMS_TOO_FREQUENT', 'x', 429, { retryAfterSeconds: 0 }))).toBeNull();
    expect(countdownSeconds({ expiredMinutes: 5 })).toBe(300);
    expect(countdownSeconds(null)).toBe(60);
  });
});
