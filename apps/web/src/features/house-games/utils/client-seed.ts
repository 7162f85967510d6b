/**
 * A client seed chosen in the browser: 16 bytes from crypto.getRandomValues, as hex. The server
 * commits its seed first and never learns this one before it is sent, so it cannot have picked
 * its seed against it (docs/fairness/slots.md).
 */
export function createClientSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
