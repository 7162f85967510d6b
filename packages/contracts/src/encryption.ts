import { z } from 'zod';
import { envelopeOf } from './envelope';

/**
 * Payload encryption of the spec's E calls (DESIGN.md section 3). The client seals the JSON
 * body with a fresh AES-256-GCM key and wraps that key with the server's RSA-OAEP (SHA-256)
 * public key. The call's path is the GCM additional data, so a sealed login body cannot be
 * replayed against another E call; the sealed part also carries when it was sealed and a
 * random nonce, so a captured body (a proxy log, a browser extension, a shared computer's
 * history) cannot be sent again to the same call either: the server refuses one older than
 * SEALED_BODY_MAX_AGE_MS and a nonce it has seen. Uses only WebCrypto: the same code runs in
 * the browser and in Node 20 (tests).
 */
export const ENCRYPTION_ALGORITHM = 'RSA-OAEP-256+A256GCM';

export const sealedPayload = z.object({
  /** base64(RSA-OAEP-SHA256(aesKey)) */
  key: z.string().min(1).max(2048),
  /** base64 of the 12-byte GCM nonce */
  iv: z.string().min(1).max(64),
  /** base64(ciphertext || 16-byte tag) */
  data: z.string().min(1).max(1_400_000),
  /** Fingerprint of the public key used, so a rotated key can be told apart. */
  kid: z.string().max(128).optional(),
});
export type SealedPayload = z.infer<typeof sealedPayload>;

export const sealedBody = z.object({ encrypted: sealedPayload });
export type SealedBody = z.infer<typeof sealedBody>;

export const publicKeyValue = z.object({
  algorithm: z.literal(ENCRYPTION_ALGORITHM),
  /** SPKI public key, PEM. */
  publicKeyPem: z.string(),
  /** base64url sha256 of the SPKI DER. */
  kid: z.string(),
  /** The server's clock (ms since 1970) when it answered: sealers date bodies on it, not on a device clock that may be off. */
  serverTime: z.number().int(),
});
export type PublicKeyValue = z.infer<typeof publicKeyValue>;
export const publicKeyResponse = envelopeOf(publicKeyValue);

export const ENCRYPTION_PATHS = { publicKey: '/wps/system/publicKey' } as const;

/** A sealed body older than this (by the server's clock) is refused: REQUEST_EXPIRED. */
export const SEALED_BODY_MAX_AGE_MS = 60_000;
/** How far ahead of the server's clock a body may be dated (the offset measured at key fetch drifts a little). */
export const SEALED_BODY_MAX_SKEW_MS = 15_000;

/** What the sealed part holds: the call's body, when it was sealed, and a nonce used once. */
export const sealedEnvelope = z.object({
  /** ms since 1970 on the server's clock (device clock + the offset measured at key fetch). */
  sealedAt: z.number().int(),
  /** 16 random bytes, base64url. */
  nonce: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/),
  body: z.unknown(),
});
export type SealedEnvelope = z.infer<typeof sealedEnvelope>;

// WebCrypto is typed by the DOM or Node libraries, neither of which this package loads; this
// is the small slice it uses, reached through globalThis in both runtimes.
type OpaqueKey = object;
interface SubtleSlice {
  importKey(
    format: 'spki',
    keyData: Uint8Array,
    algorithm: { name: 'RSA-OAEP'; hash: 'SHA-256' },
    extractable: boolean,
    usages: string[],
  ): Promise<OpaqueKey>;
  importKey(format: 'raw', keyData: Uint8Array, algorithm: { name: 'AES-GCM' }, extractable: boolean, usages: string[]): Promise<OpaqueKey>;
  encrypt(
    algorithm: { name: 'RSA-OAEP' } | { name: 'AES-GCM'; iv: Uint8Array; additionalData: Uint8Array },
    key: OpaqueKey,
    data: Uint8Array,
  ): Promise<ArrayBuffer>;
  digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>;
}
interface CryptoSlice {
  subtle: SubtleSlice;
  getRandomValues<T extends Uint8Array>(array: T): T;
}

function webCrypto(): CryptoSlice {
  const found = (globalThis as unknown as { crypto?: CryptoSlice }).crypto;
  if (!found?.subtle) throw new Error('WebCrypto is not available');
  return found;
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const triple = (a << 16) | (b << 8) | c;
    out += BASE64_ALPHABET[(triple >> 18) & 63];
    out += BASE64_ALPHABET[(triple >> 12) & 63];
    out += i + 1 < bytes.length ? BASE64_ALPHABET[(triple >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? BASE64_ALPHABET[triple & 63] : '=';
  }
  return out;
}

export function base64ToBytes(text: string): Uint8Array {
  const clean = text.replace(/[\s=]/g, '').replaceAll('-', '+').replaceAll('_', '/');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const char of clean) {
    const value = BASE64_ALPHABET.indexOf(char);
    if (value < 0) throw new Error('invalid base64');
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (buffer >> bits) & 0xff;
    }
  }
  return out.subarray(0, index);
}

/** UTF-8 bytes of a string (TextEncoder is not typed without the DOM or Node libraries). */
export function utf8Bytes(text: string): Uint8Array {
  const out: number[] = [];
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0;
    if (point < 0x80) out.push(point);
    else if (point < 0x800) out.push(0xc0 | (point >> 6), 0x80 | (point & 63));
    else if (point < 0x10000) out.push(0xe0 | (point >> 12), 0x80 | ((point >> 6) & 63), 0x80 | (point & 63));
    else out.push(0xf0 | (point >> 18), 0x80 | ((point >> 12) & 63), 0x80 | ((point >> 6) & 63), 0x80 | (point & 63));
  }
  return Uint8Array.from(out);
}

/** The DER bytes of a PEM block. */
export function pemToDer(pem: string): Uint8Array {
  const body = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  return base64ToBytes(body);
}

/** A public key imported once and reused for every call of a page's life. */
export interface SealingKey {
  key: OpaqueKey;
  kid: string;
  /** Server clock minus device clock when the key was fetched, so bodies are dated on the server's clock. */
  clockOffsetMs: number;
}

/** `serverTime`: the key answer's serverTime, read as it arrived (absent: trust the device clock). */
export async function importSealingKey(publicKeyPem: string, serverTime?: number): Promise<SealingKey> {
  const { subtle } = webCrypto();
  const der = pemToDer(publicKeyPem);
  const key = await subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const kid = bytesToBase64(new Uint8Array(await subtle.digest('SHA-256', der)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
  return { key, kid, clockOffsetMs: serverTime === undefined ? 0 : serverTime - Date.now() };
}

function base64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/**
 * Seals `body` for the E call at `path` (the path without query, e.g. '/wps/session/login').
 * A fresh AES key, GCM nonce and replay nonce per call: nothing is reused across calls.
 */
export async function sealPayload(sealingKey: SealingKey, path: string, body: unknown): Promise<SealedBody> {
  const crypto = webCrypto();
  const aesKeyBytes = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const envelope: SealedEnvelope = {
    sealedAt: Date.now() + sealingKey.clockOffsetMs,
    nonce: base64Url(crypto.getRandomValues(new Uint8Array(16))),
    body,
  };
  const aesKey = await crypto.subtle.importKey('raw', aesKeyBytes, { name: 'AES-GCM' }, false, ['encrypt']);
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: utf8Bytes(path) },
    aesKey,
    utf8Bytes(JSON.stringify(envelope)),
  );
  const wrappedKey = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, sealingKey.key, aesKeyBytes);
  aesKeyBytes.fill(0);
  return {
    encrypted: {
      key: bytesToBase64(new Uint8Array(wrappedKey)),
      iv: bytesToBase64(iv),
      data: bytesToBase64(new Uint8Array(data)),
      kid: sealingKey.kid,
    },
  };
}
