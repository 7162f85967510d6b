/**
 * Byte helpers that behave the same in Node and in the browser (no Node-only types): the verify page
 * runs this package unchanged, so only TextEncoder and typed arrays are used.
 */

const HEX_DIGITS = '0123456789abcdef';
const HEX_PATTERN = /^(?:[0-9a-fA-F]{2})*$/;
const utf8Encoder = new TextEncoder();

/** Lower-case hex, two characters per byte. */
export function bytesToHex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += HEX_DIGITS[byte >>> 4]! + HEX_DIGITS[byte & 15]!;
  return text;
}

/** Parses hex of either case; throws on odd length or a non-hex character rather than guessing. */
export function hexToBytes(hex: string): Uint8Array {
  if (!HEX_PATTERN.test(hex)) throw new TypeError('hex must be an even number of hex digits');
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++) bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

export function isHex(text: string): boolean {
  return HEX_PATTERN.test(text);
}

export function utf8Bytes(text: string): Uint8Array {
  return utf8Encoder.encode(text);
}

export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
