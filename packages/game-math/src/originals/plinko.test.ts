import { describe, expect, it } from 'vitest';
import { utf8Bytes } from '../crypto/bytes';
import { sha256 } from '../crypto/sha256';
import { dropPlinko, PLINKO_RISKS, plinkoExactRtp, plinkoMultipliers } from './plinko';
import { simulatePlinko } from './simulate';

const serverSeed = sha256(utf8Bytes('kismat originals simulation'));

describe('plinko', () => {
  it('has symmetric tables with rows + 1 slots', () => {
    for (let rows = 8; rows <= 16; rows++) {
      for (const risk of PLINKO_RISKS) {
        const table = plinkoMultipliers({ rows, risk });
        expect(table).toHaveLength(rows + 1);
        expect([...table].reverse()).toEqual(table);
      }
    }
    expect(plinkoMultipliers({ rows: 8, risk: 'LOW' })).toEqual([56_000, 21_000, 11_000, 10_000, 5_000, 10_000, 11_000, 21_000, 56_000]);
  });

  it('has an exact RTP (binomial enumeration of all 2^rows paths) between 98.9% and 99.2% for every table', () => {
    const rtps: string[] = [];
    for (let rows = 8; rows <= 16; rows++) {
      for (const risk of PLINKO_RISKS) {
        const rtp = plinkoExactRtp({ rows, risk });
        rtps.push(`${rows} ${risk} ${(rtp * 100).toFixed(4)}`);
        expect(rtp).toBeGreaterThan(0.989);
        expect(rtp).toBeLessThan(0.992);
      }
    }
    expect(rtps).toContain('8 LOW 98.9844');
    expect(rtps).toContain('16 HIGH 98.9764');
    // Brute force for 8 rows: every one of the 256 paths.
    const table = plinkoMultipliers({ rows: 8, risk: 'HIGH' });
    let sum = 0;
    for (let mask = 0; mask < 256; mask++) sum += table[mask.toString(2).split('1').length - 1] ?? 0;
    expect(sum / 256 / 10_000).toBeCloseTo(plinkoExactRtp({ rows: 8, risk: 'HIGH' }), 12);
  });

  it('is a pure function of (server seed, client seed, nonce)', () => {
    for (let nonce = 0; nonce < 100; nonce++) {
      const drop = dropPlinko({ serverSeed, clientSeed: 'c', nonce }, { rows: 16, risk: 'MEDIUM' }, 1_000n);
      expect(drop.path).toHaveLength(16);
      expect(drop.slot).toBe(drop.path.filter((step) => step === 1).length);
      expect(dropPlinko({ serverSeed: new Uint8Array(serverSeed), clientSeed: 'c', nonce }, { rows: 16, risk: 'MEDIUM' }, 1_000n)).toEqual(
        drop,
      );
    }
  });

  it('drops 10^5 balls inside the exact RTP 99% interval (12 rows, medium)', () => {
    const result = simulatePlinko(serverSeed, 'ci', 100_000, { rows: 12, risk: 'MEDIUM' });
    expect(result.isInside, JSON.stringify(result)).toBe(true);
  });
});
