/**
 * Plinko multiplier tables in the style the big provably fair casinos publish: one per number of
 * rows (8-16) and risk level, symmetric, listed from the edge slot to the middle one (the table
 * is mirrored). Values are multipliers of the stake. The exact RTP of each table (98.98% to
 * 99.16%) is computed in plinko.test.ts and listed in docs/game-math.md.
 */
export const PLINKO_RISKS = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];
export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;

export const PLINKO_HALF_TABLES: Readonly<Record<number, Readonly<Record<PlinkoRisk, readonly number[]>>>> = {
  8: { LOW: [5.6, 2.1, 1.1, 1, 0.5], MEDIUM: [13, 3, 1.3, 0.7, 0.4], HIGH: [29, 4, 1.5, 0.3, 0.2] },
  9: { LOW: [5.6, 2, 1.6, 1, 0.7], MEDIUM: [18, 4, 1.7, 0.9, 0.5], HIGH: [43, 7, 2, 0.6, 0.2] },
  10: { LOW: [8.9, 3, 1.4, 1.1, 1, 0.5], MEDIUM: [22, 5, 2, 1.4, 0.6, 0.4], HIGH: [76, 10, 3, 0.9, 0.3, 0.2] },
  11: { LOW: [8.4, 3, 1.9, 1.3, 1, 0.7], MEDIUM: [24, 6, 3, 1.8, 0.7, 0.5], HIGH: [120, 14, 5.2, 1.4, 0.4, 0.2] },
  12: { LOW: [10, 3, 1.6, 1.4, 1.1, 1, 0.5], MEDIUM: [33, 11, 4, 2, 1.1, 0.6, 0.3], HIGH: [170, 24, 8.1, 2, 0.7, 0.2, 0.2] },
  13: { LOW: [8.1, 4, 3, 1.9, 1.2, 0.9, 0.7], MEDIUM: [43, 13, 6, 3, 1.3, 0.7, 0.4], HIGH: [260, 37, 11, 4, 1, 0.2, 0.2] },
  14: {
    LOW: [7.1, 4, 1.9, 1.4, 1.3, 1.1, 1, 0.5],
    MEDIUM: [58, 15, 7, 4, 1.9, 1, 0.5, 0.2],
    HIGH: [420, 56, 18, 5, 1.9, 0.3, 0.2, 0.2],
  },
  15: {
    LOW: [15, 8, 3, 2, 1.5, 1.1, 1, 0.7],
    MEDIUM: [88, 18, 11, 5, 3, 1.3, 0.5, 0.3],
    HIGH: [620, 83, 27, 8, 3, 0.5, 0.2, 0.2],
  },
  16: {
    LOW: [16, 9, 2, 1.4, 1.4, 1.2, 1.1, 1, 0.5],
    MEDIUM: [110, 41, 10, 5, 3, 1.5, 1, 0.5, 0.3],
    HIGH: [1000, 130, 26, 9, 4, 2, 0.2, 0.2, 0.2],
  },
};
