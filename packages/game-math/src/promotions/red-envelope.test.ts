import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../crypto/bytes';
import { commitServerSeed } from '../fair/commitment';
import { createFairStream } from '../fair/fair-stream';
import { assertPrizeTable, expectedRedEnvelopeCost, pickRedEnvelopePrize, verifyRedEnvelopeDraw } from './red-envelope';

const seed = new Uint8Array(32).map((_, index) => index * 7 + 1);
const table = [
  { amount: 777_700n, weight: 1, stock: 1 },
  { amount: 10_000n, weight: 99, stock: 50 },
  { amount: 300n, weight: 900, stock: null },
];

describe('red envelope draw', () => {
  it('picks by the first uint32 of the seed stream under rejection sampling, against the running weights', () => {
    const inputs = { serverSeed: seed, clientSeed: 'abc', nonce: 3 };
    const pick = pickRedEnvelopePrize(inputs, [1, 99, 900]);
    const roll = createFairStream(inputs).nextInt(1000);
    expect(pick.roll).toBe(roll);
    expect(pick.prizeIndex).toBe(roll < 1 ? 0 : roll < 100 ? 1 : 2);
  });

  it('lands on every prize in proportion to its weight over many nonces', () => {
    const counts = [0, 0, 0];
    for (let nonce = 0; nonce < 20_000; nonce++)
      counts[pickRedEnvelopePrize({ serverSeed: seed, clientSeed: 'c', nonce }, [1, 9, 10]).prizeIndex]! += 1;
    expect(counts[0]! / 20_000).toBeGreaterThan(0.04);
    expect(counts[0]! / 20_000).toBeLessThan(0.06);
    expect(counts[2]! / 20_000).toBeGreaterThan(0.48);
    expect(counts[2]! / 20_000).toBeLessThan(0.52);
  });

  it('verifies a draw from its revealed seed and refuses a seed that does not match the commitment', () => {
    const commitment = commitServerSeed(seed);
    const draw = { serverSeedHex: bytesToHex(seed), commitmentHex: commitment, clientSeed: 'x', nonce: 0, weights: [1, 99, 900] };
    const verified = verifyRedEnvelopeDraw(draw);
    expect(verified.ok && verified.isCommitmentValid).toBe(true);
    const other = verifyRedEnvelopeDraw({ ...draw, commitmentHex: commitServerSeed(new Uint8Array(32)) });
    expect(other.ok && other.isCommitmentValid).toBe(false);
    expect(verifyRedEnvelopeDraw({ ...draw, serverSeedHex: 'zz' })).toEqual({ ok: false, error: 'BAD_SEED_INPUTS' });
  });
});

describe('red envelope cost', () => {
  it('gives the expected cost per draw (rounded up) and the worst case of a period from the stock', () => {
    const cost = expectedRedEnvelopeCost(table, 100);
    // (777700 + 99 * 10000 + 900 * 300) / 1000 = 2037.7 -> 2038
    expect(cost.expectedPerDraw).toBe(2038n);
    expect(cost.maxPrize).toBe(777_700n);
    expect(cost.minPrize).toBe(300n);
    expect(cost.chancePpm).toEqual([1000, 99_000, 900_000]);
    expect(cost.expectedForDraws).toBe(203_770n);
    // 1 x 7777 + 50 x 100 + 49 x 3
    expect(cost.worstCaseForDraws).toBe(777_700n + 500_000n + 49n * 300n);
  });

  it('refuses a table whose fallback prize is limited or not the smallest', () => {
    expect(() => assertPrizeTable([{ amount: 100n, weight: 1, stock: 3 }])).toThrow(RangeError);
    expect(() =>
      assertPrizeTable([
        { amount: 50n, weight: 1, stock: 1 },
        { amount: 100n, weight: 1, stock: null },
      ]),
    ).toThrow(RangeError);
    expect(() => assertPrizeTable([{ amount: 100n, weight: 0, stock: null }])).toThrow(RangeError);
  });
});
