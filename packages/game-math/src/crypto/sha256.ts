/**
 * SHA-256 (FIPS 180-4) in plain TypeScript. The game must evaluate synchronously and identically
 * on the server and in the player's browser; WebCrypto is async-only and node:crypto is absent
 * in browsers, so the hash is implemented here and tested against node:crypto and NIST vectors.
 */

const ROUND_CONSTANTS = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const INITIAL_STATE = new Int32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

export const SHA256_BLOCK_BYTES = 64;
export const SHA256_DIGEST_BYTES = 32;

// One scratch schedule is enough: evaluation is synchronous, so no two compressions interleave.
const schedule = new Int32Array(64);

/** A fresh eight-word chaining state (mutable; each hash needs its own copy). */
export function initialSha256State(): Int32Array {
  return INITIAL_STATE.slice();
}

/** Absorbs one 64-byte block at `offset` into `state`. */
export function compressSha256Block(state: Int32Array, block: Uint8Array, offset: number): void {
  const w = schedule;
  for (let index = 0; index < 16; index++) {
    const at = offset + index * 4;
    w[index] = (block[at]! << 24) | (block[at + 1]! << 16) | (block[at + 2]! << 8) | block[at + 3]!;
  }
  for (let index = 16; index < 64; index++) {
    const x = w[index - 15]!;
    const y = w[index - 2]!;
    const sigma0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const sigma1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[index] = (w[index - 16]! + sigma0 + w[index - 7]! + sigma1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let index = 0; index < 64; index++) {
    const bigSigma1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const choose = (e & f) ^ (~e & g);
    const temp1 = (h + bigSigma1 + choose + ROUND_CONSTANTS[index]! + w[index]!) | 0;
    const bigSigma0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const majority = (a & b) ^ (a & c) ^ (b & c);
    const temp2 = (bigSigma0 + majority) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + temp1) | 0;
    d = c;
    c = b;
    b = a;
    a = (temp1 + temp2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

// Padding scratch: at most two blocks; evaluation is synchronous so calls never overlap.
const paddingScratch = new Uint8Array(2 * SHA256_BLOCK_BYTES);

/**
 * Finishes a hash whose `state` has already absorbed `absorbedBytes` bytes (a multiple of 64):
 * absorbs `message`, pads, and writes the digest into `output` (32 bytes). `state` is consumed.
 * HMAC uses this to start from precomputed key states instead of re-hashing the key each time.
 */
export function finishSha256Into(state: Int32Array, message: Uint8Array, absorbedBytes: number, output: Uint8Array): Uint8Array {
  const fullBlocks = Math.floor(message.length / SHA256_BLOCK_BYTES);
  for (let block = 0; block < fullBlocks; block++) compressSha256Block(state, message, block * SHA256_BLOCK_BYTES);
  const tailStart = fullBlocks * SHA256_BLOCK_BYTES;
  const tailLength = message.length - tailStart;
  // The tail, the 0x80 marker and the 8-byte length need one block, or two when the tail is long.
  const paddedLength = tailLength + 9 <= SHA256_BLOCK_BYTES ? SHA256_BLOCK_BYTES : 2 * SHA256_BLOCK_BYTES;
  const padded = paddingScratch;
  padded.fill(0, 0, paddedLength);
  for (let index = 0; index < tailLength; index++) padded[index] = message[tailStart + index]!;
  padded[tailLength] = 0x80;
  const bitLength = (absorbedBytes + message.length) * 8;
  const high = Math.floor(bitLength / 2 ** 32);
  const low = bitLength >>> 0;
  const end = paddedLength - 8;
  padded[end] = high >>> 24;
  padded[end + 1] = high >>> 16;
  padded[end + 2] = high >>> 8;
  padded[end + 3] = high;
  padded[end + 4] = low >>> 24;
  padded[end + 5] = low >>> 16;
  padded[end + 6] = low >>> 8;
  padded[end + 7] = low;
  for (let offset = 0; offset < paddedLength; offset += SHA256_BLOCK_BYTES) compressSha256Block(state, padded, offset);
  for (let index = 0; index < 8; index++) {
    const word = state[index]!;
    output[index * 4] = word >>> 24;
    output[index * 4 + 1] = word >>> 16;
    output[index * 4 + 2] = word >>> 8;
    output[index * 4 + 3] = word;
  }
  return output;
}

export function sha256(message: Uint8Array): Uint8Array {
  return finishSha256Into(initialSha256State(), message, 0, new Uint8Array(SHA256_DIGEST_BYTES));
}
