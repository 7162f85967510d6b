import { randomBytes } from 'node:crypto';

/** An invitation code nobody can guess from another (8 characters of an unambiguous alphabet). */
export function newAffiliateCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(8), (byte) => alphabet[byte % alphabet.length]).join('');
}
