import { utf8Bytes } from '../crypto/bytes';
import { HmacSha256Key } from '../crypto/hmac-sha256';
import { assertSeedInputs, type SeedInputs } from './seed-inputs';
import { uniformInteger } from './uniform-integer';

/** What game code draws from; tests substitute scripted sources. */
export interface RandomSource {
  /** A uniform integer in [0, 2^32). */
  nextUint32(): number;
  /** A uniform integer in [0, bound), without modulo bias. */
  nextInt(bound: number): number;
  /** A float in [0, 1) with 32 bits of resolution. */
  nextFloat(): number;
}

const BLOCK_BYTES = 32;

/**
 * A server-seed key prepared once. A server or a simulation that plays many nonces under one
 * seed passes it to createFairStream so the HMAC key schedule is not recomputed every round.
 */
export function createSeedKey(serverSeed: Uint8Array): HmacSha256Key {
  return new HmacSha256Key(serverSeed);
}

/**
 * The provably fair byte stream of one round: block c is
 * HMAC_SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${c}`) for c = 0, 1, 2, ...
 * and bytes are consumed in order, four at a time as big-endian uint32. Anyone holding the
 * revealed seed can recompute every byte; nobody holding only the commitment can.
 */
export class FairStream implements RandomSource {
  private readonly key: HmacSha256Key;
  private readonly prefix: Uint8Array;
  private readonly block = new Uint8Array(BLOCK_BYTES);
  private readonly message: Uint8Array;
  private offset = BLOCK_BYTES;
  private nextCursor = 0;

  /** `key`, when given, must be createSeedKey(inputs.serverSeed); it only saves recomputing it. */
  constructor(inputs: SeedInputs, key?: HmacSha256Key) {
    assertSeedInputs(inputs);
    this.key = key ?? new HmacSha256Key(inputs.serverSeed);
    this.prefix = encodePrefix(`${inputs.clientSeed}:${inputs.nonce}:`);
    // Room for any safe-integer cursor (at most 16 digits).
    this.message = new Uint8Array(this.prefix.length + 16);
    this.message.set(this.prefix, 0);
  }

  /** HMAC blocks used so far (the next block's cursor); recorded with a round for audit. */
  get blocksUsed(): number {
    return this.nextCursor;
  }

  nextUint32(): number {
    if (this.offset + 4 > BLOCK_BYTES) this.refill();
    const bytes = this.block;
    const at = this.offset;
    this.offset = at + 4;
    return ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
  }

  nextInt(bound: number): number {
    return uniformInteger(bound, () => this.nextUint32());
  }

  nextFloat(): number {
    return this.nextUint32() / 2 ** 32;
  }

  private refill(): void {
    const cursorText = String(this.nextCursor);
    const length = this.prefix.length;
    for (let index = 0; index < cursorText.length; index++) this.message[length + index] = cursorText.charCodeAt(index);
    this.key.digestInto(this.message.subarray(0, length + cursorText.length), this.block);
    this.offset = 0;
    this.nextCursor++;
  }
}

/** UTF-8 of the message prefix; plain ASCII (the usual client seed) skips the encoder. */
function encodePrefix(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code > 0x7f) return utf8Bytes(text);
    bytes[index] = code;
  }
  return bytes;
}

export function createFairStream(inputs: SeedInputs, key?: HmacSha256Key): FairStream {
  return new FairStream(inputs, key);
}

/** The raw 32-byte block for one cursor, for the verify page's "show me the bytes" view. */
export function fairBlock(inputs: SeedInputs, cursor: number, key?: HmacSha256Key): Uint8Array {
  assertSeedInputs(inputs);
  if (!Number.isSafeInteger(cursor) || cursor < 0) throw new RangeError('cursor must be a non-negative safe integer');
  return (key ?? new HmacSha256Key(inputs.serverSeed)).digest(utf8Bytes(`${inputs.clientSeed}:${inputs.nonce}:${cursor}`));
}
