import type { HmacSha256Key } from '../crypto/hmac-sha256';
import { FairStream } from '../fair/fair-stream';
import type { SeedInputs } from '../fair/seed-inputs';
import type { VnDraw, VnPrizeTier, WinningSelection } from './lottery-types';

/**
 * The northern (miền Bắc) prize table: 27 numbers. Tiers are drawn in this order, each number
 * uniform over its digit count (as the real draw spins each digit independently, repeats across
 * prizes are possible).
 */
export const VN_PRIZE_TIERS: readonly { readonly tier: VnPrizeTier; readonly count: number; readonly digits: number }[] = [
  { tier: 'special', count: 1, digits: 5 },
  { tier: 'first', count: 1, digits: 5 },
  { tier: 'second', count: 2, digits: 5 },
  { tier: 'third', count: 6, digits: 5 },
  { tier: 'fourth', count: 4, digits: 4 },
  { tier: 'fifth', count: 6, digits: 4 },
  { tier: 'sixth', count: 3, digits: 3 },
  { tier: 'seventh', count: 4, digits: 2 },
];

export function drawVn(seeds: SeedInputs, key?: HmacSha256Key): VnDraw {
  const stream = new FairStream(seeds, key);
  const prizes = {} as Record<VnPrizeTier, string[]>;
  for (const { tier, count, digits } of VN_PRIZE_TIERS) {
    prizes[tier] = Array.from({ length: count }, () => String(stream.nextInt(10 ** digits)).padStart(digits, '0'));
  }
  return { kind: 'VN', prizes };
}

export function lastTwoDigits(number: string): string {
  return number.slice(-2);
}

/** Lô rows (one per distinct ending, hits = prizes with that ending) and the single đề row. */
export function vnWinningSelections(draw: VnDraw): WinningSelection[] {
  const endings = new Map<string, number>();
  for (const { tier } of VN_PRIZE_TIERS) {
    for (const number of draw.prizes[tier]) endings.set(lastTwoDigits(number), (endings.get(lastTwoDigits(number)) ?? 0) + 1);
  }
  const winners: WinningSelection[] = [...endings]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([selection, hits]) => ({ betType: 'LO', selection, hits }));
  winners.push({ betType: 'DE', selection: lastTwoDigits(draw.prizes.special[0]!), hits: 1 });
  return winners;
}

export function isVnDraw(draw: VnDraw): boolean {
  return VN_PRIZE_TIERS.every(
    ({ tier, count, digits }) =>
      draw.prizes[tier]?.length === count && draw.prizes[tier].every((number) => number.length === digits && /^\d+$/.test(number)),
  );
}
