/** A fresh client seed from the browser's CSPRNG: 16 hex characters the member may replace. */
export function newClientSeed(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The server accepts 1-64 printable ASCII characters without spaces. */
export function isValidClientSeed(seed: string): boolean {
  return /^[\x21-\x7e]{1,64}$/.test(seed.trim());
}
