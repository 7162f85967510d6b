import { describe, expect, it } from 'vitest';
import { createFairStream } from '../fair/fair-stream';
import { chiSquare } from '../test-kit/chi-square';
import { drawElott } from './elott';
import type { VnPrizeTier } from './lottery-types';
import { drawSea } from './sea';
import { drawVn, VN_PRIZE_TIERS } from './vn';

const serverSeed = Uint8Array.from({ length: 32 }, (_, index) => 255 - index);
const seeds = (nonce: number) => ({ serverSeed, clientSeed: 'ELOTT-1M:20260101-0001', nonce });

describe('lottery draws', () => {
  it('ELOTT: five digits 0-9 read in order from the fair stream, deterministic', () => {
    const stream = createFairStream(seeds(3));
    expect(drawElott(seeds(3))).toEqual({ kind: 'ELOTT', digits: Array.from({ length: 5 }, () => stream.nextInt(10)) });
    expect(drawElott(seeds(3))).toEqual(drawElott(seeds(3)));
    const counts = new Array<number>(10).fill(0);
    for (let nonce = 0; nonce < 4_000; nonce++) {
      const { digits } = drawElott(seeds(nonce));
      expect(digits).toHaveLength(5);
      for (const digit of digits) counts[digit]!++;
    }
    // 20,000 digits; df = 9, 0.1% critical value 27.88.
    expect(chiSquare(counts)).toBeLessThan(27.88);
  });

  it('VN: 27 prizes with the northern digit counts, deterministic', () => {
    const draw = drawVn(seeds(5));
    expect(draw).toEqual(drawVn(seeds(5)));
    expect(drawVn(seeds(6))).not.toEqual(draw);
    const expected: Record<VnPrizeTier, [number, number]> = {
      special: [1, 5],
      first: [1, 5],
      second: [2, 5],
      third: [6, 5],
      fourth: [4, 4],
      fifth: [6, 4],
      sixth: [3, 3],
      seventh: [4, 2],
    };
    let total = 0;
    for (const { tier } of VN_PRIZE_TIERS) {
      const [count, digits] = expected[tier];
      expect(draw.prizes[tier]).toHaveLength(count);
      for (const number of draw.prizes[tier]) expect(number).toMatch(new RegExp(`^\\d{${digits}}$`));
      total += count;
    }
    expect(total).toBe(27);
  });

  it('SEA: a six-digit first prize and a separate two-digit bottom number, deterministic', () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const draw = drawSea(seeds(nonce));
      expect(draw.firstPrize).toMatch(/^\d{6}$/);
      expect(draw.twoBottom).toMatch(/^\d{2}$/);
      expect(drawSea(seeds(nonce))).toEqual(draw);
    }
  });
});
