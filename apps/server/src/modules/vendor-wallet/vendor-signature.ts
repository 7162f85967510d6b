import { createHmac, timingSafeEqual } from 'node:crypto';
import { VENDOR_SIGNATURE_WINDOW_MS } from '@kismat/contracts/vendor-wallet';

/**
 * hex(HMAC-SHA256(secret, `${timestamp}.${rawBody}`)). The timestamp is inside the MAC, so a
 * captured request cannot be replayed later under a fresh timestamp; the body is the raw bytes
 * as sent, because re-serialised JSON need not match them byte for byte.
 */
export function signVendorPayload(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

export type SignatureCheck = 'OK' | 'STALE' | 'INVALID';

/** Checks the timestamp window, then the signature in constant time. */
export function checkVendorSignature(input: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: Buffer;
  now: Date;
}): SignatureCheck {
  if (!input.signature || !/^[0-9a-f]{64}$/i.test(input.signature)) return 'INVALID';
  if (!input.timestamp || !/^\d{10,16}$/.test(input.timestamp)) return 'INVALID';
  const expected = Buffer.from(signVendorPayload(input.secret, input.timestamp, input.rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(input.signature.toLowerCase(), 'hex'))) return 'INVALID';
  // Checked after the MAC so an unsigned caller learns nothing about our clock.
  if (Math.abs(Number(input.timestamp) - input.now.getTime()) > VENDOR_SIGNATURE_WINDOW_MS) return 'STALE';
  return 'OK';
}
