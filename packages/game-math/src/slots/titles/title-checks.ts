import { describe, expect, it } from 'vitest';
import { createFairStream, createSeedKey } from '../../fair/fair-stream';
import { compileTitle } from '../compile-title';
import { computeExactRtp } from '../exact-rtp';
import { playBet } from '../play-bet';
import { unreachableLinePays } from '../reachable-pays';
import type { SlotTitle } from '../slot-types';
import { computeTitleStatistics } from '../title-statistics';

/** Spins in the unit-test simulation: a few seconds on one core; the 10^7 run lives in bench/. */
const TEST_SPINS = 200_000;
/** Four standard errors: wide enough for a bounded sample, still catches a wrong engine. */
const TEST_Z = 4;

/**
 * The checks every title must pass, registered by one test file per title so that the
 * enumerations of different titles run in parallel workers.
 */
export function checkSlotTitle(title: SlotTitle): void {
  describe(`${title.name} mathematics`, () => {
    const exact = computeExactRtp(title);
    const statistics = computeTitleStatistics(title);

    it('declares the exact RTP (combinatorics) rounded to 4 decimals, within the 94-97% target', () => {
      expect(Math.abs(exact.rtpPercent - title.declaredRtpPercent)).toBeLessThan(0.01);
      expect(title.declaredRtpPercent).toBe(Number(exact.rtpPercent.toFixed(4)));
      expect(exact.rtpPercent).toBeGreaterThanOrEqual(94);
      expect(exact.rtpPercent).toBeLessThanOrEqual(97);
    });

    it('gets the same RTP from complete enumeration of every stop combination', () => {
      expect(statistics.rtp).toBeCloseTo(exact.rtp, 10);
      expect(statistics.featureProbability).toBeCloseTo(exact.featureProbability, 12);
      expect(statistics.baseCombinations).toBe(title.baseReels.reduce((product, strip) => product * strip.length, 1));
    });

    it('advertises only line pays that a spin can win', () => {
      expect(unreachableLinePays(title)).toEqual([]);
    });

    it('proves the max-win cap cannot move the RTP', () => {
      // Either no outcome reaches the cap, or the Chernoff bound on E[(X - cap)+] is negligible
      // against the 0.0001% resolution of the declared figure.
      expect(statistics.isCapUnreachable || statistics.capRtpEffectBound < 1e-12).toBe(true);
      expect(statistics.capProbabilityBound).toBeLessThan(1e-12);
    });

    it(`lands a ${TEST_SPINS}-spin simulation inside its ${TEST_Z}-sigma interval`, () => {
      const compiled = compileTitle(title);
      const serverSeed = Uint8Array.from({ length: 32 }, (_, index) => (index * 29 + title.id.length) & 255);
      const key = createSeedKey(serverSeed);
      let paid = 0;
      let hits = 0;
      let features = 0;
      for (let nonce = 0; nonce < TEST_SPINS; nonce++) {
        const played = playBet(compiled, createFairStream({ serverSeed, clientSeed: 'unit-simulation', nonce }, key));
        paid += played.paidCoins;
        if (played.base.coins > 0 || played.base.freeSpinsAdded > 0) hits++;
        if (played.freeSpins.length > 0) features++;
      }
      const observedRtp = paid / compiled.lineCount / TEST_SPINS;
      expect(Math.abs(observedRtp - statistics.rtp)).toBeLessThan((TEST_Z * statistics.standardDeviation) / Math.sqrt(TEST_SPINS));
      const binomialBound = (p: number) => TEST_Z * Math.sqrt((p * (1 - p)) / TEST_SPINS);
      expect(Math.abs(hits / TEST_SPINS - statistics.hitFrequency)).toBeLessThan(binomialBound(statistics.hitFrequency));
      expect(Math.abs(features / TEST_SPINS - statistics.featureProbability)).toBeLessThan(binomialBound(statistics.featureProbability));
      // About a second on an idle core; the limit only allows for a machine shared with other jobs.
    }, 60_000);
  });
}
