import { describe, expect, it } from 'vitest';
import { utf8Bytes } from '../crypto/bytes';
import { sha256 } from '../crypto/sha256';
import { simulateCardBet } from './card-simulate';
import { CARDS_PER_DECK, cardLabel, isComplete, rankOf, rtpOf } from './cards';
import {
  DRAGON_TIGER_BETS,
  DRAGON_TIGER_DECKS,
  dealDragonTiger,
  dragonTigerDistribution,
  dragonTigerMultiplier,
  playDragonTiger,
} from './dragon-tiger';

const serverSeed = sha256(utf8Bytes('kismat originals simulation'));
const noStakes = { DRAGON: 0n, TIGER: 0n, TIE: 0n, SUITED_TIE: 0n };

describe('dragon tiger', () => {
  it('has the closed-form distribution of an exhaustive count over all 416 x 415 ordered deals', () => {
    const shoe = DRAGON_TIGER_DECKS * CARDS_PER_DECK;
    const counts = new Map<string, Map<number, number>>(DRAGON_TIGER_BETS.map((bet) => [bet, new Map()]));
    for (let first = 0; first < shoe; first++) {
      for (let second = 0; second < shoe; second++) {
        if (first === second) continue;
        const dragon = first % CARDS_PER_DECK;
        const tiger = second % CARDS_PER_DECK;
        const order = rankOf(dragon) - rankOf(tiger);
        const deal = { winner: order > 0 ? 'DRAGON' : order < 0 ? 'TIGER' : 'TIE', isSuitedTie: dragon === tiger } as const;
        for (const bet of DRAGON_TIGER_BETS) {
          const line = counts.get(bet)!;
          const multiplier = dragonTigerMultiplier(bet, deal);
          line.set(multiplier, (line.get(multiplier) ?? 0) + 1);
        }
      }
    }
    for (const bet of DRAGON_TIGER_BETS) {
      const exact = dragonTigerDistribution(bet);
      expect(isComplete(exact)).toBe(true);
      // Each closed-form line x 416 (Dragon's 416 cards) is the count of ordered deals.
      for (const line of exact) expect(counts.get(bet)!.get(line.multiplier)).toBe(Number(line.chance.numerator) * shoe);
    }
  });

  it('returns 96.2651% on Dragon and Tiger, 89.6386% on Tie (11:1), 86.0241% on Suited Tie (50:1)', () => {
    expect(rtpOf(dragonTigerDistribution('DRAGON'))).toBeCloseTo(399.5 / 415, 13);
    expect(rtpOf(dragonTigerDistribution('TIGER'))).toBeCloseTo(399.5 / 415, 13);
    expect(rtpOf(dragonTigerDistribution('TIE'))).toBeCloseTo(372 / 415, 13);
    expect(rtpOf(dragonTigerDistribution('SUITED_TIE'))).toBeCloseTo(357 / 415, 13);
    expect((rtpOf(dragonTigerDistribution('DRAGON')) * 100).toFixed(4)).toBe('96.2651');
  });

  it('settles each bet of a slip: a tie returns half of Dragon and Tiger and pays Tie 11:1', () => {
    for (let nonce = 0; nonce < 400; nonce++) {
      const result = playDragonTiger(
        { serverSeed, clientSeed: 'settle', nonce },
        { DRAGON: 1_000n, TIGER: 300n, TIE: 100n, SUITED_TIE: 0n },
      );
      expect(result.stakeMinor).toBe(1_400n);
      expect(result.bets.map((bet) => bet.bet)).toEqual(['DRAGON', 'TIGER', 'TIE']);
      const expected = result.winner === 'DRAGON' ? 2_000n : result.winner === 'TIGER' ? 600n : 500n + 150n + 1_200n;
      expect(result.payoutMinor, `${cardLabel(result.dragon)} ${cardLabel(result.tiger)}`).toBe(expected);
    }
  });

  it('is a pure function of (server seed, client seed, nonce)', () => {
    const seen = new Set<string>();
    for (let nonce = 0; nonce < 200; nonce++) {
      const stakes = { ...noStakes, SUITED_TIE: 10n };
      const result = playDragonTiger({ serverSeed, clientSeed: 'c', nonce }, stakes);
      expect(playDragonTiger({ serverSeed: new Uint8Array(serverSeed), clientSeed: 'c', nonce }, stakes)).toEqual(result);
      seen.add(`${result.dragon}:${result.tiger}`);
    }
    // Another client seed deals other cards.
    const other = Array.from({ length: 20 }, (_, nonce) =>
      playDragonTiger({ serverSeed, clientSeed: 'd', nonce }, { ...noStakes, TIE: 1n }),
    );
    const same = Array.from({ length: 20 }, (_, nonce) =>
      playDragonTiger({ serverSeed, clientSeed: 'c', nonce }, { ...noStakes, TIE: 1n }),
    );
    expect(other.map((deal) => deal.dragon)).not.toEqual(same.map((deal) => deal.dragon));
    expect(seen.size).toBeGreaterThan(190);
  });

  it.each(DRAGON_TIGER_BETS)('deals 10^5 rounds inside the exact 99%% interval of %s', (bet) => {
    const result = simulateCardBet(
      serverSeed,
      'ci',
      100_000,
      dealDragonTiger,
      (deal) => dragonTigerMultiplier(bet, deal),
      dragonTigerDistribution(bet),
    );
    expect(result.isInside, JSON.stringify(result)).toBe(true);
  });
});
