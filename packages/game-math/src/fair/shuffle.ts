import type { RandomSource } from './fair-stream';

/**
 * Fisher–Yates from the fair stream: every permutation equally likely, provided each index is
 * drawn without bias (nextInt rejects rather than reducing modulo). Sorting by random keys or
 * swapping with a biased index would favour some orders.
 */
export function shuffleInPlace<T>(items: T[], random: RandomSource): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = random.nextInt(index + 1);
    const held = items[index]!;
    items[index] = items[other]!;
    items[other] = held;
  }
  return items;
}

export function shuffled<T>(items: readonly T[], random: RandomSource): T[] {
  return shuffleInPlace([...items], random);
}

/**
 * `count` distinct values from [0, populationSize), in draw order: the first `count` steps of a
 * Fisher–Yates shuffle run front to back, so a draw of k balls costs k stream values, not n.
 */
export function drawWithoutReplacement(populationSize: number, count: number, random: RandomSource): number[] {
  if (!Number.isSafeInteger(populationSize) || populationSize < 0) throw new RangeError('populationSize must be a non-negative integer');
  if (!Number.isSafeInteger(count) || count < 0 || count > populationSize) throw new RangeError('count must be in [0, populationSize]');
  const swapped = new Map<number, number>();
  const drawn: number[] = [];
  for (let index = 0; index < count; index++) {
    const pick = index + random.nextInt(populationSize - index);
    const value = swapped.get(pick) ?? pick;
    swapped.set(pick, swapped.get(index) ?? index);
    drawn.push(value);
  }
  return drawn;
}
