/**
 * A uniform integer in [0, bound) from a stream of 32-bit unsigned values, by rejection
 * sampling: values in the last incomplete block are discarded so no outcome is favoured
 * (plain modulo would bias small results).
 */
export function uniformInteger(bound: number, nextUint32: () => number): number {
  if (!Number.isInteger(bound) || bound < 1 || bound > 2 ** 32) throw new RangeError(`bound must be an integer in [1, 2^32], got ${bound}`);
  const limit = 2 ** 32 - (2 ** 32 % bound);
  for (;;) {
    const value = nextUint32();
    if (value < limit) return value % bound;
  }
}
