import { describe, expect, it } from 'vitest';
import { utf8Bytes } from '../crypto/bytes';
import { sha256 } from '../crypto/sha256';
import { formatMultiplier } from './house-edge';
import { MINES_MAX, MINES_MIN, MINES_TILES, minesMultiplier, minesSurvival, placeMines, replayMines } from './mines';
import { simulateMines } from './simulate';

const serverSeed = sha256(utf8Bytes('kismat originals simulation'));

describe('mines', () => {
  it('pays (1 - edge) C(25,k) / C(25-m,k): 1 mine 1 tile 1.0312x, 3 mines 1 tile 1.125x, 24 mines 1 tile 24.75x', () => {
    expect(formatMultiplier(minesMultiplier(1, 1, 100))).toBe('1.0312');
    expect(formatMultiplier(minesMultiplier(3, 1, 100))).toBe('1.1250');
    expect(formatMultiplier(minesMultiplier(24, 1, 100))).toBe('24.7500');
    // Every safe tile of a 3-mine board: 22 picks pay 0.99 x C(25,22) = 2277x.
    expect(formatMultiplier(minesMultiplier(3, 22, 100))).toBe('2277.0000');
  });

  it('has an exact RTP in (1 - edge - 1/10,000, 1 - edge] for every mine count and every stopping point', () => {
    for (let mines = MINES_MIN; mines <= MINES_MAX; mines++) {
      for (let k = 1; k <= MINES_TILES - mines; k++) {
        const { numerator, denominator } = minesSurvival(mines, k);
        // RTP x 10^8 exactly: survival x multiplier (1/10,000 units) x 10^4.
        const rtpScaled = (numerator * BigInt(minesMultiplier(mines, k, 100)) * 10_000n) / denominator;
        expect(rtpScaled).toBeLessThanOrEqual(99_000_000n);
        expect(rtpScaled).toBeGreaterThanOrEqual(99_000_000n - 10_000n);
      }
    }
  });

  it('places exactly m distinct mines, a pure function of (server seed, client seed, nonce)', () => {
    for (let nonce = 0; nonce < 100; nonce++) {
      const mines = placeMines({ serverSeed, clientSeed: 'c', nonce }, 5);
      expect(new Set(mines).size).toBe(5);
      expect(mines.every((tile) => tile >= 0 && tile < MINES_TILES)).toBe(true);
      expect(placeMines({ serverSeed: new Uint8Array(serverSeed), clientSeed: 'c', nonce }, 5)).toEqual(mines);
    }
    expect(placeMines({ serverSeed, clientSeed: 'c', nonce: 0 }, 5)).not.toEqual(placeMines({ serverSeed, clientSeed: 'c', nonce: 1 }, 5));
  });

  it('replays a round: a mine pays nothing, safe picks cash out at the multiplier', () => {
    const inputs = { serverSeed, clientSeed: 'c', nonce: 7 };
    const mines = placeMines(inputs, 3);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !mines.includes(tile));
    const won = replayMines(inputs, { mineCount: 3, picks: safe.slice(0, 4), stakeMinor: 10_000n, edgeBp: 100 });
    expect(won.payoutMinor).toBe(BigInt(minesMultiplier(3, 4, 100)));
    const lost = replayMines(inputs, { mineCount: 3, picks: [safe[0]!, mines[1]!], stakeMinor: 10_000n, edgeBp: 100 });
    expect(lost).toMatchObject({ hitMine: mines[1], safeRevealed: 1, payoutMinor: 0n });
  });

  it('plays 10^5 rounds inside the exact RTP 99% interval (3 mines, 5 picks)', () => {
    const result = simulateMines(serverSeed, 'ci', 100_000, 3, 5, 100);
    expect(result.isInside, JSON.stringify(result)).toBe(true);
  });
});
