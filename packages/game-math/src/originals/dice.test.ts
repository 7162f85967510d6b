import { describe, expect, it } from 'vitest';
import { utf8Bytes } from '../crypto/bytes';
import { sha256 } from '../crypto/sha256';
import { DICE_MAX_CHANCE, DICE_MIN_CHANCE, diceExactRtp, diceMultiplier, isDiceWin, playDice } from './dice';
import { formatMultiplier } from './house-edge';
import { simulateDice } from './simulate';

const serverSeed = sha256(utf8Bytes('kismat dice test'));

describe('dice', () => {
  it('pays (1 - edge) / p: 50% at a 1% edge is 1.98x, 1% is 99x, 98% is 1.0102x', () => {
    expect(formatMultiplier(diceMultiplier(5_000, 100))).toBe('1.9800');
    expect(formatMultiplier(diceMultiplier(100, 100))).toBe('99.0000');
    expect(formatMultiplier(diceMultiplier(9_800, 100))).toBe('1.0102');
    expect(formatMultiplier(diceMultiplier(5_000, 200))).toBe('1.9600');
  });

  it('wins on exactly `chance` of the 10,000 rolls in either direction', () => {
    for (const chance of [DICE_MIN_CHANCE, 3_333, 5_000, DICE_MAX_CHANCE]) {
      for (const direction of ['UNDER', 'OVER'] as const) {
        let wins = 0;
        for (let roll = 0; roll < 10_000; roll++) if (isDiceWin(roll, { direction, chance })) wins++;
        expect(wins).toBe(chance);
      }
    }
  });

  it('has an exact RTP (enumeration of all rolls) of at most 1 - edge and within 1/10,000 of it, for every chance', () => {
    for (let chance = DICE_MIN_CHANCE; chance <= DICE_MAX_CHANCE; chance += 7) {
      // A stake of 10,000 minor units pays the multiplier exactly: RTP = chance x multiplier / 10^8.
      const rtp = diceExactRtp({ direction: 'UNDER', chance }, 10_000n, 100);
      expect(rtp).toBeCloseTo((chance * diceMultiplier(chance, 100)) / 1e8, 9);
      expect(rtp).toBeLessThanOrEqual(0.99);
      expect(rtp).toBeGreaterThan(0.99 - 1e-4);
    }
  });

  it('is a pure function of (server seed, client seed, nonce)', () => {
    const bet = { direction: 'OVER', chance: 4_950 } as const;
    const seen = new Set<number>();
    for (let nonce = 0; nonce < 200; nonce++) {
      const first = playDice({ serverSeed, clientSeed: 'c', nonce }, bet, 1_000n, 100);
      expect(playDice({ serverSeed: new Uint8Array(serverSeed), clientSeed: 'c', nonce }, bet, 1_000n, 100)).toEqual(first);
      seen.add(first.roll);
    }
    // Different nonces give different rolls (not a constant function).
    expect(seen.size).toBeGreaterThan(150);
    expect(playDice({ serverSeed, clientSeed: 'd', nonce: 0 }, bet, 1_000n, 100).roll).not.toBe(
      playDice({ serverSeed, clientSeed: 'c', nonce: 0 }, bet, 1_000n, 100).roll,
    );
  });

  it('rolls 10^5 rounds inside the exact RTP 99% interval (50% and 10% chances)', () => {
    for (const chance of [5_000, 1_000]) {
      const result = simulateDice(serverSeed, 'ci', 100_000, { direction: 'UNDER', chance }, 100);
      expect(result.isInside, JSON.stringify(result)).toBe(true);
    }
  });
});
