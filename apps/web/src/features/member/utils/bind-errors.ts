import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { isVerificationCodeError } from '@/lib/form-errors';

/**
 * Puts a refused bind under its field: a wrong or expired code under the code, one of
 * `contactCodes` (the address or number itself) under the contact. Says whether it did; when
 * not, the form shows the message over the submit button.
 */
export function showBindError<Fields extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Fields>,
  fields: { code: Path<Fields>; contact: Path<Fields>; contactCodes: readonly string[] },
): boolean {
  const field = isVerificationCodeError(error)
    ? fields.code
    : error instanceof ApiError && fields.contactCodes.includes(error.code)
      ? fields.contact
      : null;
  if (field === null || !(error instanceof ApiError)) return false;
  setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
  return true;
}
