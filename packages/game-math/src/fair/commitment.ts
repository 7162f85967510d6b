import { bytesToHex, hexToBytes, isHex } from '../crypto/bytes';
import { sha256 } from '../crypto/sha256';
import { SERVER_SEED_BYTES } from './seed-inputs';

/**
 * The commitment published before a seed is used: lower-case hex SHA-256 of the 32 raw seed
 * bytes (not of their hex spelling). Publishing it first means the operator cannot swap the
 * seed after seeing bets; outcomes are keyed by the seed itself, never by this hash, because
 * the hash is public and anyone could precompute outcomes from it.
 */
export function commitServerSeed(serverSeed: Uint8Array): string {
  if (serverSeed.length !== SERVER_SEED_BYTES) throw new RangeError(`serverSeed must be ${SERVER_SEED_BYTES} bytes`);
  return bytesToHex(sha256(serverSeed));
}

/** True when the revealed seed hashes to the published commitment. Malformed input is simply false. */
export function verifyCommitment(serverSeedHex: string, commitmentHex: string): boolean {
  if (serverSeedHex.length !== SERVER_SEED_BYTES * 2 || !isHex(serverSeedHex)) return false;
  if (commitmentHex.length !== 64 || !isHex(commitmentHex)) return false;
  return bytesToHex(sha256(hexToBytes(serverSeedHex))) === commitmentHex.toLowerCase();
}
