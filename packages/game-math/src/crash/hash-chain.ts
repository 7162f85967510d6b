import { bytesToHex, hexToBytes, isHex } from '../crypto/bytes';
import { sha256 } from '../crypto/sha256';

/*
 * The published hash chain (Bustabit's and Stake's scheme). The operator draws one secret
 * terminal seed s_N and hashes it down: s_(n-1) = SHA256(s_n) (of the 32 raw bytes). Round n
 * (1 <= n <= N) plays with s_n; the chain's commitment s_0 = SHA256(s_1) is published before
 * round 1, with the salt and the house edge. Each round's seed is the hash of the next, so
 * revealing s_n after round n proves it was fixed at the start: SHA256(s_n) must equal the
 * seed revealed for round n - 1 (or the commitment for round 1), and nobody can compute s_(n+1)
 * from s_n. The operator cannot choose outcomes round by round: the whole chain is one draw.
 */

/** The seed one step towards the commitment: SHA256 of the 32 raw bytes, in hex. */
export function previousLinkOf(seedHex: string): string {
  if (!isHex(seedHex) || seedHex.length !== 64) throw new RangeError('a chain link is 32 bytes of hex');
  return bytesToHex(sha256(hexToBytes(seedHex)));
}

/**
 * Every seed of a chain from its terminal seed: index 0 is the commitment s_0, index n the seed
 * of round n (1..length). length + 1 hashes; a server keeps the array for the chain's life.
 */
export function buildChain(terminalSeedHex: string, length: number): string[] {
  if (!Number.isInteger(length) || length < 1) throw new RangeError('a chain has at least one round');
  const links = new Array<string>(length + 1);
  links[length] = terminalSeedHex.toLowerCase();
  for (let index = length; index > 0; index -= 1) links[index - 1] = previousLinkOf(links[index] as string);
  return links;
}

/** The commitment of a chain (s_0) from its terminal seed. */
export function chainCommitment(terminalSeedHex: string, length: number): string {
  return buildChain(terminalSeedHex, length)[0] as string;
}

/**
 * Whether a revealed round seed belongs to a chain: hashing it `roundIndex` times must reach the
 * commitment (a verifier with the previous round's seed checks one hash: previousLinkOf).
 */
export function isSeedOfChain(seedHex: string, roundIndex: number, commitmentHex: string): boolean {
  if (!Number.isInteger(roundIndex) || roundIndex < 1) return false;
  if (!isHex(seedHex) || seedHex.length !== 64 || !isHex(commitmentHex) || commitmentHex.length !== 64) return false;
  let link = seedHex.toLowerCase();
  for (let step = 0; step < roundIndex; step += 1) link = previousLinkOf(link);
  return link === commitmentHex.toLowerCase();
}
