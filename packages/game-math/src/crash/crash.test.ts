import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CRASH_DRAW_RANGE,
  CRASH_MAX_MULTIPLIER_HUNDREDTHS,
  CRASH_MIN_TARGET_HUNDREDTHS,
  crashDraw,
  crashPointOf,
  crashPointOfDraw,
  formatMultiplier,
  payoutAt,
} from './crash-point';
import { exactTargetRtp, firstWinningDraw, instantCrashShare, winningDrawCount } from './exact-rtp';
import { crashDurationMs, multiplierAtElapsed } from './growth';
import { buildChain, isSeedOfChain, previousLinkOf } from './hash-chain';
import { verifyCrashRound } from './verify-crash-round';

const TERMINAL = 'a5'.repeat(32);
const SALT = 'kismat-crash-salt-0001';

describe('hash chain', () => {
  it('links each round seed to the previous one by SHA-256 of its bytes (same as node:crypto)', () => {
    const chain = buildChain(TERMINAL, 50);
    expect(chain).toHaveLength(51);
    for (let index = 1; index <= 50; index += 1) {
      const expected = createHash('sha256')
        .update(Buffer.from(chain[index] as string, 'hex'))
        .digest('hex');
      expect(chain[index - 1]).toBe(expected);
      expect(previousLinkOf(chain[index] as string)).toBe(chain[index - 1]);
    }
    expect(chain[50]).toBe(TERMINAL);
  });

  it('accepts a revealed seed only at its own index of its own chain', () => {
    const chain = buildChain(TERMINAL, 20);
    const commitment = chain[0] as string;
    expect(isSeedOfChain(chain[7] as string, 7, commitment)).toBe(true);
    expect(isSeedOfChain(chain[7] as string, 6, commitment)).toBe(false);
    expect(isSeedOfChain('00'.repeat(32), 7, commitment)).toBe(false);
    expect(isSeedOfChain('zz', 7, commitment)).toBe(false);
  });
});

describe('crash point', () => {
  it('reads the first 52 bits of HMAC_SHA256(seed, salt) (same as node:crypto)', () => {
    const seed = buildChain(TERMINAL, 3)[2] as string;
    const mac = createHmac('sha256', Buffer.from(seed, 'hex')).update(SALT, 'utf8').digest('hex');
    expect(crashDraw(seed, SALT)).toBe(BigInt(`0x${mac.slice(0, 13)}`));
  });

  it('is 1.00x at the lowest draw and capped at the highest', () => {
    expect(crashPointOfDraw(0n, 100)).toBe(100);
    expect(crashPointOfDraw(CRASH_DRAW_RANGE - 1n, 100)).toBe(CRASH_MAX_MULTIPLIER_HUNDREDTHS);
    // k = 2^51: (0.99 / 0.5) = 1.98x exactly.
    expect(crashPointOfDraw(CRASH_DRAW_RANGE / 2n, 100)).toBe(198);
    expect(crashPointOfDraw(CRASH_DRAW_RANGE / 2n, 0)).toBe(200);
  });

  it('never decreases as the draw grows (so the winning draws of a target are one interval)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: CRASH_DRAW_RANGE - 2n }), fc.integer({ min: 0, max: 1000 }), (draw, edge) => {
        expect(crashPointOfDraw(draw + 1n, edge)).toBeGreaterThanOrEqual(crashPointOfDraw(draw, edge));
      }),
    );
  });

  it('is a pure function of (seed, salt, edge)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.string(), fc.integer({ min: 0, max: 1000 }), (bytes, salt, edge) => {
        const seed = Buffer.from(bytes).toString('hex');
        expect(crashPointOf(seed, salt, edge)).toBe(crashPointOf(seed.toUpperCase(), salt, edge));
      }),
    );
  });

  it('formats and pays in hundredths, rounding the payout down', () => {
    expect(formatMultiplier(235)).toBe('2.35');
    expect(formatMultiplier(100)).toBe('1.00');
    expect(payoutAt(1001n, 150)).toBe(1501n);
    expect(payoutAt(333n, 101)).toBe(336n);
  });
});

describe('exact RTP, closed form', () => {
  it.each([100, 0, 300])(
    'every auto cash-out target (each to 200x, then every 0.37x to 10,000x) returns 1 - edge (edge %i bp), proved at the boundary draws',
    (edge) => {
      const one = CRASH_DRAW_RANGE * 100n;
      const expected = BigInt(10_000 - edge) * CRASH_DRAW_RANGE; // (1 - edge) scaled by 10^4 * 2^52 / 100
      // Every target is checked; one expect per target made the loop take seconds of CPU
      // (46,000 targets x 5 expects): the breaches are collected and must be none.
      const breaches: string[] = [];
      let checked = 0;
      for (let target = CRASH_MIN_TARGET_HUNDREDTHS; target <= CRASH_MAX_MULTIPLIER_HUNDREDTHS; target += target < 20_000 ? 1 : 37) {
        // The closed form counts the draws k >= first: the crash function must agree at both sides of it.
        const first = firstWinningDraw(target, edge);
        if (crashPointOfDraw(first, edge) < target) breaches.push(`${target}: the first winning draw does not reach it`);
        if (first > 0n && crashPointOfDraw(first - 1n, edge) >= target)
          breaches.push(`${target}: the draw before the first also reaches it`);
        const { numerator, denominator } = exactTargetRtp(target, edge);
        if (denominator !== one) breaches.push(`${target}: denominator ${denominator}`);
        // RTP * 10^4 * 2^52 = numerator * 100, within [expected - t, expected].
        const scaled = numerator * 100n;
        if (!(scaled <= expected && expected - scaled < BigInt(target) * 100n))
          breaches.push(`${target}: RTP ${scaled} outside [expected - t, expected]`);
        checked += 1;
      }
      expect(breaches).toEqual([]);
      expect(checked).toBeGreaterThan(40_000);
    },
  );

  it('crashes instantly (1.00x) in a share of 1 - (1 - edge)/1.01 of rounds', () => {
    expect(instantCrashShare(100)).toBeCloseTo(1 - 0.99 / 1.01, 12);
    expect(instantCrashShare(0)).toBeCloseTo(1 - 1 / 1.01, 12);
    expect(Number(winningDrawCount(200, 100)) / Number(CRASH_DRAW_RANGE)).toBeCloseTo(0.495, 12);
  });

  // The short simulation CI runs (bench/crash runs 10^7): the chain's own rounds, target 2x.
  it('a 20,000-round chain pays 2x targets inside the 99% interval of 0.99', () => {
    const rounds = 20_000;
    const chain = buildChain(TERMINAL, rounds);
    let returned = 0;
    for (let index = 1; index <= rounds; index += 1) if (crashPointOf(chain[index] as string, SALT, 100) >= 200) returned += 2;
    const p = 0.495;
    const sigma = 2 * Math.sqrt((p * (1 - p)) / rounds);
    expect(Math.abs(returned / rounds - 0.99)).toBeLessThan(2.576 * sigma);
  });
});

describe('growth curve', () => {
  it('starts at 1.00x, doubles in about 11.55 s and never decreases', () => {
    expect(multiplierAtElapsed(0)).toBe(100);
    expect(multiplierAtElapsed(11_552)).toBe(199);
    expect(multiplierAtElapsed(11_553)).toBe(200);
    let previous = 100;
    for (let ms = 0; ms < 200_000; ms += 7) {
      const value = multiplierAtElapsed(ms);
      expect(value).toBeGreaterThanOrEqual(previous);
      previous = value;
    }
  });

  it('runs each round until the curve first shows its crash point', () => {
    for (const point of [100, 101, 150, 200, 1234, 10_000, CRASH_MAX_MULTIPLIER_HUNDREDTHS]) {
      const ms = crashDurationMs(point);
      expect(multiplierAtElapsed(ms)).toBeGreaterThanOrEqual(point);
      if (ms > 0) expect(multiplierAtElapsed(ms - 1)).toBeLessThan(point);
    }
  });
});

describe('verify', () => {
  it('recomputes a round from its revealed seed and the previous link', () => {
    const chain = buildChain(TERMINAL, 5);
    const seed = chain[3] as string;
    const point = crashPointOf(seed, SALT, 100);
    expect(
      verifyCrashRound({
        seedHex: seed,
        previousLinkHex: chain[2] as string,
        salt: SALT,
        edgeBasisPoints: 100,
        announcedPointHundredths: point,
      }),
    ).toEqual({
      isLinked: true,
      crashPointHundredths: point,
      isPointMatching: true,
    });
    const forged = verifyCrashRound({
      seedHex: seed,
      previousLinkHex: chain[1] as string,
      salt: SALT,
      edgeBasisPoints: 100,
      announcedPointHundredths: point + 1,
    });
    expect(forged.isLinked).toBe(false);
    expect(forged.isPointMatching).toBe(false);
  });
});
