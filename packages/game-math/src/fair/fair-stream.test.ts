import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../crypto/bytes';
import { chiSquare } from '../test-kit/chi-square';
import { commitServerSeed } from './commitment';
import { createFairStream, createSeedKey, fairBlock } from './fair-stream';
import { SeedInputError, type SeedInputs, seedInputsFromHex } from './seed-inputs';

const SERVER_SEED_HEX = '7f3a9c1e5b2d4f6081a3c5e7092b4d6f8e1a3c5b7d9f0214365870a9cbedf012';
const inputs: SeedInputs = { serverSeed: hexToBytes(SERVER_SEED_HEX), clientSeed: 'lucky-player', nonce: 42 };

function referenceBlock(cursor: number): Buffer {
  return createHmac('sha256', Buffer.from(SERVER_SEED_HEX, 'hex')).update(`lucky-player:42:${cursor}`).digest();
}

describe('FairStream', () => {
  it('reads HMAC_SHA256(serverSeed, "clientSeed:nonce:cursor") as big-endian uint32s, cursor by cursor', () => {
    const stream = createFairStream(inputs);
    const expected = [...referenceBlock(0), ...referenceBlock(1)];
    for (let index = 0; index < 16; index++) {
      const word = Buffer.from(expected.slice(index * 4, index * 4 + 4)).readUInt32BE(0);
      expect(stream.nextUint32()).toBe(word);
    }
    expect(stream.blocksUsed).toBe(2);
    expect(bytesToHex(fairBlock(inputs, 7))).toBe(referenceBlock(7).toString('hex'));
  });

  it('is deterministic and changes with every input', () => {
    const take = (seeds: SeedInputs) => {
      const stream = createFairStream(seeds);
      return Array.from({ length: 10 }, () => stream.nextUint32());
    };
    expect(take(inputs)).toEqual(take({ ...inputs }));
    expect(take(inputs)).toEqual(take(seedInputsFromHex(SERVER_SEED_HEX.toUpperCase(), 'lucky-player', 42)));
    const stream = createFairStream(inputs, createSeedKey(inputs.serverSeed));
    expect(Array.from({ length: 10 }, () => stream.nextUint32())).toEqual(take(inputs));
    expect(take({ ...inputs, nonce: 43 })).not.toEqual(take(inputs));
    expect(take({ ...inputs, clientSeed: 'lucky-player2' })).not.toEqual(take(inputs));
    const otherSeed = hexToBytes(SERVER_SEED_HEX);
    otherSeed[31] = otherSeed[31]! ^ 1;
    expect(take({ ...inputs, serverSeed: otherSeed })).not.toEqual(take(inputs));
  });

  it('keys outcomes by the secret seed, not by its published hash', () => {
    const commitmentBytes = hexToBytes(commitServerSeed(inputs.serverSeed));
    const fromSeed = createFairStream(inputs).nextUint32();
    expect(createFairStream({ ...inputs, serverSeed: commitmentBytes }).nextUint32()).not.toBe(fromSeed);
    expect(bytesToHex(fairBlock(inputs, 0))).not.toBe(createHmac('sha256', commitmentBytes).update('lucky-player:42:0').digest('hex'));
  });

  it('gives floats in [0, 1) from uint32 / 2^32', () => {
    const words = createFairStream(inputs);
    const floats = createFairStream(inputs);
    for (let index = 0; index < 100; index++) {
      const float = floats.nextFloat();
      expect(float).toBe(words.nextUint32() / 2 ** 32);
      expect(float).toBeGreaterThanOrEqual(0);
      expect(float).toBeLessThan(1);
    }
  });

  it('refuses inputs a correct round cannot have', () => {
    expect(() => createFairStream({ ...inputs, serverSeed: new Uint8Array(31) })).toThrow(SeedInputError);
    expect(() => createFairStream({ ...inputs, clientSeed: '' })).toThrow(SeedInputError);
    expect(() => createFairStream({ ...inputs, clientSeed: 'x'.repeat(257) })).toThrow(SeedInputError);
    expect(() => createFairStream({ ...inputs, nonce: -1 })).toThrow(SeedInputError);
    expect(() => createFairStream({ ...inputs, nonce: 1.5 })).toThrow(SeedInputError);
    expect(() => seedInputsFromHex('abcd', 'x', 0)).toThrow(SeedInputError);
  });

  it('draws integers without modulo bias (chi-square, fixed seed)', () => {
    const stream = createFairStream(inputs);
    const counts = new Array<number>(7).fill(0);
    for (let index = 0; index < 70_000; index++) counts[stream.nextInt(7)]!++;
    // df = 6: the 0.1% critical value is 22.46; a fixed seed makes this test reproducible.
    expect(chiSquare(counts)).toBeLessThan(22.46);
  });

  it('does not favour the low range when the bound is close to 2^32', () => {
    // Plain modulo by 3 * 2^30 would make values below 2^30 twice as likely (1/2 instead of 1/3).
    const bound = 3 * 2 ** 30;
    const stream = createFairStream(inputs);
    let low = 0;
    const samples = 30_000;
    for (let index = 0; index < samples; index++) if (stream.nextInt(bound) < 2 ** 30) low++;
    // Standard deviation of the share is sqrt(2/9 / 30000) ~ 0.0027; allow 5 of them.
    expect(Math.abs(low / samples - 1 / 3)).toBeLessThan(0.014);
  });
});
