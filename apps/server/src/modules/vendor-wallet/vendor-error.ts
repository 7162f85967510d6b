import type { VendorResponse, VendorStatus } from '@kismat/contracts/vendor-wallet';

/** A wallet answer other than RS_OK; routes turn it into the vendor response shape. */
export class VendorError extends Error {
  constructor(
    readonly status: Exclude<VendorStatus, 'RS_OK'>,
    readonly extra: Partial<VendorResponse> = {},
  ) {
    super(status);
    this.name = 'VendorError';
  }
}

export function isVendorError(error: unknown): error is VendorError {
  return error instanceof VendorError;
}
