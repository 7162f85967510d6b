import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../crypto/bytes';
import { chiSquare } from '../test-kit/chi-square';
import { createFairStream } from './fair-stream';
import { drawWithoutReplacement, shuffled } from './shuffle';

const serverSeed = hexToBytes('a1'.repeat(32));

describe('shuffle', () => {
  it('makes all 24 orders of four items equally likely (chi-square, fixed seed)', () => {
    const stream = createFairStream({ serverSeed, clientSeed: 'shuffle', nonce: 0 });
    const counts = new Map<string, number>();
    const rounds = 48_000;
    for (let round = 0; round < rounds; round++) {
      const order = shuffled(['a', 'b', 'c', 'd'], stream).join('');
      counts.set(order, (counts.get(order) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    // df = 23: the 0.1% critical value is 49.73.
    expect(chiSquare([...counts.values()])).toBeLessThan(49.73);
  });

  it('draws distinct values in range, and the same draw for the same inputs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 90 }), fc.nat(), fc.nat({ max: 1000 }), (population, pick, nonce) => {
        const count = pick % (population + 1);
        const draw = () => drawWithoutReplacement(population, count, createFairStream({ serverSeed, clientSeed: 'draw', nonce }));
        const values = draw();
        return (
          values.length === count &&
          new Set(values).size === count &&
          values.every((value) => value >= 0 && value < population) &&
          values.join() === draw().join()
        );
      }),
      { numRuns: 200 },
    );
  });

  it('gives every ball the same chance of each draw position', () => {
    const stream = createFairStream({ serverSeed, clientSeed: 'balls', nonce: 1 });
    const firstCounts = new Array<number>(10).fill(0);
    const thirdCounts = new Array<number>(10).fill(0);
    for (let round = 0; round < 20_000; round++) {
      const draw = drawWithoutReplacement(10, 3, stream);
      firstCounts[draw[0]!]!++;
      thirdCounts[draw[2]!]!++;
    }
    // df = 9: the 0.1% critical value is 27.88.
    expect(chiSquare(firstCounts)).toBeLessThan(27.88);
    expect(chiSquare(thirdCounts)).toBeLessThan(27.88);
  });

  it('refuses impossible draws', () => {
    const stream = createFairStream({ serverSeed, clientSeed: 'x', nonce: 0 });
    expect(() => drawWithoutReplacement(3, 4, stream)).toThrow(RangeError);
  });
});
