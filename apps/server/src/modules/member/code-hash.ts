import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** Six digits from the CSPRNG, leading zeros kept. */
export function generateNumericCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Codes are kept as a digest bound to their recipient and purpose, so a row read from the
 * database (or a code sent for registration) is useless for another number or purpose.
 */
export function hashCode(recipient: string, purpose: string, code: string): string {
  return createHash('sha256').update(`${recipient}\n${purpose}\n${code.trim()}`).digest('hex');
}

export function codeMatches(storedHash: string, recipient: string, purpose: string, code: string): boolean {
  return timingSafeEqual(Buffer.from(storedHash, 'hex'), Buffer.from(hashCode(recipient, purpose, code), 'hex'));
}
