import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFairStream } from '../fair/fair-stream';
import type { SeedInputs } from '../fair/seed-inputs';
import { compileTitle } from './compile-title';
import { evaluateReels } from './evaluate-grid';
import { playBet } from './play-bet';
import { SLOT_TITLES } from './slot-titles';
import type { SlotTitle } from './slot-types';
import { spin, validateSlotBet } from './spin';
import { BENGAL_TIGER } from './titles/bengal-tiger';

const serverSeed = Uint8Array.from({ length: 32 }, (_, index) => index * 7 + 1);
const seeds = (nonce: number): SeedInputs => ({ serverSeed, clientSeed: 'spin-tests', nonce });
const minimumBet = { totalBetMinor: 100n };

/** The first nonce whose spin satisfies `predicate` (bounded search, fixed seed). */
function findNonce(title: SlotTitle, predicate: (result: ReturnType<typeof spin>) => boolean, limit = 5_000): number {
  for (let nonce = 0; nonce < limit; nonce++) if (predicate(spin(title, seeds(nonce), minimumBet))) return nonce;
  throw new Error('no such spin in the search range');
}

describe('spin', () => {
  it('is deterministic and moves with the nonce', () => {
    expect(spin(BENGAL_TIGER, seeds(1), minimumBet)).toEqual(spin(BENGAL_TIGER, seeds(1), minimumBet));
    expect(spin(BENGAL_TIGER, seeds(1), minimumBet).base.stops).not.toEqual(spin(BENGAL_TIGER, seeds(2), minimumBet).base.stops);
  });

  it('takes each reel stop uniformly from the fair stream and shows the strip window', () => {
    const result = spin(BENGAL_TIGER, seeds(9), minimumBet);
    const stream = createFairStream(seeds(9));
    const expectedStops = BENGAL_TIGER.baseReels.map((strip) => stream.nextInt(strip.length));
    expect(result.base.stops).toEqual(expectedStops);
    result.base.reels.forEach((column, reel) => {
      const strip = BENGAL_TIGER.baseReels[reel]!;
      expect(column).toEqual([0, 1, 2].map((row) => strip[(expectedStops[reel]! + row) % strip.length]));
    });
  });

  it('reports wins that agree with evaluating the shown grid, scaled by the coin', () => {
    const nonce = findNonce(BENGAL_TIGER, (result) => result.base.lineWins.length >= 2);
    const result = spin(BENGAL_TIGER, seeds(nonce), { totalBetMinor: 500n });
    expect(result.coinMinor).toBe(20n);
    const evaluation = evaluateReels(BENGAL_TIGER, result.base.reels);
    expect(result.base.lineWins.map((win) => [win.lineIndex, win.symbol, win.count, win.payoutMinor])).toEqual(
      evaluation.lineWins.map((win) => [win.lineIndex, win.symbol, win.count, BigInt(win.coins) * 20n]),
    );
  });

  it.each(SLOT_TITLES.map((title) => [title.id, title] as const))(
    'plays a whole free-spin feature with the multiplier (%s)',
    (_, title) => {
      const nonce = findNonce(title, (result) => result.freeSpins.length > 0);
      const result = spin(title, seeds(nonce), minimumBet);
      const awarded = result.base.freeSpinsAwarded + result.freeSpins.reduce((sum, round) => sum + round.freeSpinsAwarded, 0);
      expect(result.base.freeSpinsAwarded).toBe(title.freeSpins.awards[result.base.scatterCount]);
      expect(result.freeSpins).toHaveLength(awarded);
      expect(awarded).toBeLessThanOrEqual(title.freeSpins.maxSpinsPerFeature);
      for (const round of result.freeSpins) {
        expect(round.multiplier).toBe(title.freeSpins.multiplier);
        const coins = evaluateReels(title, round.reels);
        const expected =
          BigInt((coins.lineCoins + coins.scatterPay * title.paylines.length) * title.freeSpins.multiplier) * result.coinMinor;
        expect(round.payoutMinor).toBe(expected);
      }
      const sum = result.freeSpins.reduce((total, round) => total + round.payoutMinor, result.base.payoutMinor);
      expect(result.totalPayoutMinor).toBe(sum);
    },
  );

  it('caps what one bet pays and stops the feature at the cap', () => {
    const lowCap: SlotTitle = { ...BENGAL_TIGER, id: 'low-cap', maxWinMultiplier: 2 };
    const nonce = findNonce(lowCap, (result) => result.isCapped);
    const result = spin(lowCap, seeds(nonce), minimumBet);
    expect(result.totalPayoutMinor).toBe(200n);
    const uncapped = spin(BENGAL_TIGER, seeds(nonce), minimumBet);
    expect(uncapped.totalPayoutMinor).toBeGreaterThan(200n);
  });

  it('accepts only the bet levels, from 1.00 (100 minor units) up', () => {
    for (const title of SLOT_TITLES) {
      expect(title.paylines.length).toBeGreaterThanOrEqual(25);
      expect(title.betLevelsMinor[0]).toBe(100n);
      expect(validateSlotBet(title, minimumBet)).toEqual({ ok: true, coinMinor: 100n / BigInt(title.paylines.length) });
    }
    expect(validateSlotBet(BENGAL_TIGER, { totalBetMinor: 99n })).toEqual({ ok: false, reason: 'NOT_A_BET_LEVEL' });
    expect(validateSlotBet(BENGAL_TIGER, { totalBetMinor: 150n })).toEqual({ ok: false, reason: 'NOT_A_BET_LEVEL' });
    expect(() => spin(BENGAL_TIGER, seeds(0), { totalBetMinor: 1n })).toThrow(RangeError);
  });

  it('never pays a negative amount or above the cap, and totals its rounds (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SLOT_TITLES),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.nat({ max: 1_000_000_000 }),
        fc.nat(),
        (title, randomSeed, clientSeed, nonce, level) => {
          const totalBetMinor = title.betLevelsMinor[level % title.betLevelsMinor.length]!;
          const inputs = { serverSeed: randomSeed, clientSeed, nonce };
          const result = spin(title, inputs, { totalBetMinor });
          const rounds = result.freeSpins.reduce((sum, round) => sum + round.payoutMinor, result.base.payoutMinor);
          const played = playBet(compileTitle(title), createFairStream(inputs));
          return (
            result.totalPayoutMinor >= 0n &&
            result.totalPayoutMinor <= BigInt(title.maxWinMultiplier) * totalBetMinor &&
            (result.isCapped || result.totalPayoutMinor === rounds) &&
            result.totalPayoutMinor === BigInt(played.paidCoins) * result.coinMinor
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
