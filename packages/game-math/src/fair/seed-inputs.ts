import { hexToBytes, isHex } from '../crypto/bytes';

/** A server seed is exactly 32 bytes: 256 bits cannot be brute-forced from its published hash. */
export const SERVER_SEED_BYTES = 32;
/** Client seeds are shown and typed by players; a bound keeps HMAC input and storage small. */
export const MAX_CLIENT_SEED_LENGTH = 256;

/**
 * Everything one round's outcome depends on. The caller generates the server seed (crypto
 * random bytes) and the nonce; this package never makes randomness of its own, so the same
 * inputs give the same outcome everywhere, including the player's browser.
 */
export interface SeedInputs {
  readonly serverSeed: Uint8Array;
  readonly clientSeed: string;
  readonly nonce: number;
}

export class SeedInputError extends TypeError {
  constructor(message: string) {
    super(message);
    this.name = 'SeedInputError';
  }
}

/** Throws SeedInputError when the inputs could not have come from a correct round. */
export function assertSeedInputs(inputs: SeedInputs): void {
  if (!(inputs.serverSeed instanceof Uint8Array) || inputs.serverSeed.length !== SERVER_SEED_BYTES) {
    throw new SeedInputError(`serverSeed must be ${SERVER_SEED_BYTES} bytes`);
  }
  if (typeof inputs.clientSeed !== 'string' || inputs.clientSeed.length === 0 || inputs.clientSeed.length > MAX_CLIENT_SEED_LENGTH) {
    throw new SeedInputError(`clientSeed must be a string of 1 to ${MAX_CLIENT_SEED_LENGTH} characters`);
  }
  if (!Number.isSafeInteger(inputs.nonce) || inputs.nonce < 0) throw new SeedInputError('nonce must be a non-negative safe integer');
}

/** Parses the 64-hex-digit server seed a player pastes on the verify page. */
export function serverSeedFromHex(serverSeedHex: string): Uint8Array {
  if (serverSeedHex.length !== SERVER_SEED_BYTES * 2 || !isHex(serverSeedHex)) {
    throw new SeedInputError(`serverSeed must be ${SERVER_SEED_BYTES * 2} hex digits`);
  }
  return hexToBytes(serverSeedHex);
}

/** Convenience for callers that store the seed as hex (the database, the verify page). */
export function seedInputsFromHex(serverSeedHex: string, clientSeed: string, nonce: number): SeedInputs {
  const inputs = { serverSeed: serverSeedFromHex(serverSeedHex), clientSeed, nonce };
  assertSeedInputs(inputs);
  return inputs;
}
