import { constants, createSign, createVerify, privateDecrypt, publicEncrypt, randomBytes } from 'node:crypto';

/*
 * Nagad's published envelope (merchant integration guide v2/v3, the PHP and Java samples Nagad
 * ships): `sensitiveData` is the JSON of the sensitive fields encrypted with the OTHER side's RSA
 * public key, PKCS#1 v1.5 padding, base64; `signature` is SHA256withRSA over the same JSON text
 * by the SENDER's private key, base64. Both directions use it: we encrypt to Nagad's key and sign
 * with ours; Nagad encrypts to our key and signs with its own.
 */

export function encryptSensitiveData(publicKeyPem: string, plaintext: string): string {
  return publicEncrypt({ key: publicKeyPem, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(plaintext, 'utf8')).toString('base64');
}

/**
 * PKCS#1 v1.5 decryption. Node 20 refuses RSA_PKCS1_PADDING in privateDecrypt (CVE-2023-46809,
 * the Marvin/Bleichenbacher timing attack), so the raw block is opened with no padding and the
 * v1.5 frame (00 02 PS>=8 nonzero 00 M) is checked here. That attack needs a padding oracle: an
 * attacker who can submit chosen ciphertexts and tell padding failures apart. We decrypt only
 * Nagad's answers over its TLS connection (never bytes from the public), and every failure is one
 * indistinguishable `null`, so there is no oracle to query.
 */
export function decryptSensitiveData(privateKeyPem: string, base64: string): string | null {
  let block: Buffer;
  try {
    block = privateDecrypt({ key: privateKeyPem, padding: constants.RSA_NO_PADDING }, Buffer.from(base64, 'base64'));
  } catch {
    return null;
  }
  if (block.length < 11 || block[0] !== 0x00 || block[1] !== 0x02) return null;
  const separator = block.indexOf(0x00, 2);
  if (separator < 10) return null;
  return block.subarray(separator + 1).toString('utf8');
}

export function signSensitiveData(privateKeyPem: string, plaintext: string): string {
  return createSign('SHA256').update(plaintext, 'utf8').sign(privateKeyPem, 'base64');
}

export function verifySensitiveData(publicKeyPem: string, plaintext: string, signature: string): boolean {
  try {
    return createVerify('SHA256').update(plaintext, 'utf8').verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

/** The `challenge`: a random string each side sends and the other echoes, so an answer cannot be replayed into another order. */
export function newChallenge(): string {
  return randomBytes(20).toString('hex');
}

/** Nagad's `datetime`: yyyyMMddHHmmss on Bangladesh time (UTC+6, no daylight saving), as its samples send it. */
export function nagadDateTime(at: Date): string {
  const dhaka = new Date(at.getTime() + 6 * 3_600_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${dhaka.getUTCFullYear()}${pad(dhaka.getUTCMonth() + 1)}${pad(dhaka.getUTCDate())}${pad(dhaka.getUTCHours())}${pad(dhaka.getUTCMinutes())}${pad(dhaka.getUTCSeconds())}`;
}

/** Reads a yyyyMMddHHmmss Dhaka time back; null when malformed. */
export function parseNagadDateTime(text: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s) - 6 * 3_600_000;
  return Number.isNaN(utc) ? null : new Date(utc);
}
