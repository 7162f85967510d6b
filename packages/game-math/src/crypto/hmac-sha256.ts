import { compressSha256Block, finishSha256Into, initialSha256State, SHA256_BLOCK_BYTES, SHA256_DIGEST_BYTES, sha256 } from './sha256';

// Scratch for digestInto; safe because hashing is synchronous.
const workingState = new Int32Array(8);
const innerDigest = new Uint8Array(SHA256_DIGEST_BYTES);

const INNER_PAD = 0x36;
const OUTER_PAD = 0x5c;

/**
 * HMAC-SHA256 (RFC 2104) with the key's inner and outer states computed once. A game round
 * hashes many short messages under one server seed; reusing the key states halves the work.
 */
export class HmacSha256Key {
  private readonly innerState: Int32Array;
  private readonly outerState: Int32Array;

  constructor(key: Uint8Array) {
    const block = new Uint8Array(SHA256_BLOCK_BYTES);
    block.set(key.length > SHA256_BLOCK_BYTES ? sha256(key) : key);
    const inner = block.map((byte) => byte ^ INNER_PAD);
    const outer = block.map((byte) => byte ^ OUTER_PAD);
    this.innerState = initialSha256State();
    compressSha256Block(this.innerState, inner, 0);
    this.outerState = initialSha256State();
    compressSha256Block(this.outerState, outer, 0);
  }

  digest(message: Uint8Array): Uint8Array {
    return this.digestInto(message, new Uint8Array(SHA256_DIGEST_BYTES));
  }

  /** Writes the MAC into `output` (32 bytes) without allocating; the stream's hot path. */
  digestInto(message: Uint8Array, output: Uint8Array): Uint8Array {
    workingState.set(this.innerState);
    finishSha256Into(workingState, message, SHA256_BLOCK_BYTES, innerDigest);
    workingState.set(this.outerState);
    return finishSha256Into(workingState, innerDigest, SHA256_BLOCK_BYTES, output);
  }
}

export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return new HmacSha256Key(key).digest(message);
}
