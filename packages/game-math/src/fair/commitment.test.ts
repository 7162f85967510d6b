import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../crypto/bytes';
import { commitServerSeed, verifyCommitment } from './commitment';

describe('commitment', () => {
  it('is the SHA-256 of the raw seed bytes and verifies only the matching seed', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ minLength: 32, maxLength: 32 }), (seed, other) => {
        const commitment = commitServerSeed(seed);
        const seedHex = bytesToHex(seed);
        return (
          commitment === createHash('sha256').update(seed).digest('hex') &&
          verifyCommitment(seedHex, commitment) &&
          verifyCommitment(seedHex.toUpperCase(), commitment.toUpperCase()) &&
          verifyCommitment(bytesToHex(other), commitment) === (bytesToHex(other) === seedHex)
        );
      }),
    );
  });

  it('rejects malformed seeds and commitments instead of throwing', () => {
    const seedHex = '00'.repeat(32);
    const commitment = commitServerSeed(new Uint8Array(32));
    expect(verifyCommitment(seedHex, commitment)).toBe(true);
    expect(verifyCommitment(seedHex.slice(2), commitment)).toBe(false);
    expect(verifyCommitment(`${seedHex.slice(2)}zz`, commitment)).toBe(false);
    expect(verifyCommitment(seedHex, commitment.slice(1))).toBe(false);
    expect(() => commitServerSeed(new Uint8Array(16))).toThrow(RangeError);
  });
});
