import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uniformInteger } from './uniform-integer';

describe('uniformInteger', () => {
  it('stays in range for any bound and input stream', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 32 }),
        fc.array(fc.nat({ max: 2 ** 32 - 1 }), { minLength: 64, maxLength: 64 }),
        (bound, values) => {
          let index = 0;
          // A stream that ends in zeros always terminates (0 is below every limit).
          const value = uniformInteger(bound, () => values[index++] ?? 0);
          return value >= 0 && value < bound;
        },
      ),
    );
  });

  it('rejects values in the incomplete last block', () => {
    // bound 3: limit = 2^32 - (2^32 mod 3) = 4294967295, so 4294967295 itself is rejected.
    const stream = [4294967295, 7];
    expect(uniformInteger(3, () => stream.shift() ?? 0)).toBe(1);
  });

  it('refuses bounds outside [1, 2^32]', () => {
    expect(() => uniformInteger(0, () => 0)).toThrow(RangeError);
    expect(() => uniformInteger(1.5, () => 0)).toThrow(RangeError);
  });
});
