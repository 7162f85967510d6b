import { describe, expect, it } from 'vitest';
import { computeHouseEdges } from './house-edge';
import type { LotteryKind, OddsTable } from './lottery-types';

/** The published edges (docs/game-math.md), in percent; the test recomputes each exactly. */
const PUBLISHED: Record<LotteryKind, Record<OddsTable, Record<string, number>>> = {
  ELOTT: {
    standard: { POSITION_DIGIT: 3, POSITION_SIZE: 2.5, POSITION_PARITY: 2.5, SUM_SIZE: 2.5, SUM_PARITY: 2.5 },
    zy: { POSITION_DIGIT: 2, POSITION_SIZE: 2, POSITION_PARITY: 2, SUM_SIZE: 2, SUM_PARITY: 2 },
  },
  VN: { standard: { LO: 4.15, DE: 4 }, zy: { LO: 2.8, DE: 3 } },
  SEA: { standard: { THREE_TOP: 4, TWO_TOP: 4, TWO_BOTTOM: 4 }, zy: { THREE_TOP: 3, TWO_TOP: 3, TWO_BOTTOM: 3 } },
};

describe('exact house edges', () => {
  describe.each(['ELOTT', 'VN', 'SEA'] as const)('%s', (kind) => {
    it.each(['standard', 'zy'] as const)('%s table: every bet type within 2-5%%, as published, the same for every selection', (table) => {
      const edges = computeHouseEdges(kind, table);
      expect(Object.fromEntries(edges.map((edge) => [edge.betType, edge.houseEdgePercent]))).toEqual(PUBLISHED[kind][table]);
      for (const edge of edges) {
        expect(edge.isSameForEverySelection).toBe(true);
        expect(edge.houseEdgePercent).toBeGreaterThanOrEqual(2);
        expect(edge.houseEdgePercent).toBeLessThanOrEqual(5);
        // The fraction itself: 1 - RTP equals the edge exactly.
        const { numerator, denominator } = edge.returnToPlayer;
        expect(Number(((denominator - numerator) * 100_000_000n) % denominator)).toBe(0);
      }
    });
  });

  it('knows the probabilities behind the odds', () => {
    const elott = computeHouseEdges('ELOTT', 'standard');
    expect(elott.find((edge) => edge.betType === 'SUM_SIZE')?.expectedHits).toEqual({ numerator: 50_000n, denominator: 100_000n });
    const vn = computeHouseEdges('VN', 'standard');
    // 27 prizes, each ending in a given pair with probability 1/100.
    expect(vn.find((edge) => edge.betType === 'LO')?.expectedHits).toEqual({ numerator: 27_000n, denominator: 100_000n });
  });
});
