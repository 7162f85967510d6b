import { describe, expect, it } from 'vitest';
import { utf8Bytes } from '../crypto/bytes';
import { sha256 } from '../crypto/sha256';
import { createFairStream } from '../fair/fair-stream';
import {
  ANDAR_BAHAR_BETS,
  andarBaharDistribution,
  andarBaharMultiplier,
  andarBaharPositionChance,
  andarBaharWinChance,
  dealAndarBahar,
} from './andar-bahar';
import { playCardGame } from './card-games';
import { simulateCardBet } from './card-simulate';
import { isComplete, rankOf, rtpOf } from './cards';

const serverSeed = sha256(utf8Bytes('kismat originals simulation'));

describe('andar bahar', () => {
  it('has the closed-form position chances of a DP over deck states (cards left, matches left)', () => {
    // DP: with n cards left of which m match, the next card matches with m/n.
    let notYet = 1;
    for (let k = 1; k <= 49; k++) {
      const left = 52 - 1 - (k - 1);
      const chance = (notYet * 3) / left;
      const exact = andarBaharPositionChance(k);
      expect(Number(exact.numerator) / Number(exact.denominator)).toBeCloseTo(chance, 14);
      notYet *= (left - 3) / left;
    }
    expect(notYet).toBeCloseTo(0, 14);
    expect(andarBaharWinChance('ANDAR')).toEqual({ numerator: 10_725n, denominator: 20_825n });
    expect(andarBaharWinChance('BAHAR')).toEqual({ numerator: 10_100n, denominator: 20_825n });
  });

  it('returns 97.8511% on Andar (0.9:1) and 96.9988% on Bahar (1:1)', () => {
    for (const bet of ANDAR_BAHAR_BETS) expect(isComplete(andarBaharDistribution(bet))).toBe(true);
    expect((rtpOf(andarBaharDistribution('ANDAR')) * 100).toFixed(4)).toBe('97.8511');
    expect((rtpOf(andarBaharDistribution('BAHAR')) * 100).toFixed(4)).toBe('96.9988');
  });

  it('deals alternately from Andar until the first card of the joker rank, which wins its side', () => {
    for (let nonce = 0; nonce < 300; nonce++) {
      const deal = dealAndarBahar(createStream(nonce));
      const all = [deal.joker, ...interleave(deal.andar, deal.bahar)];
      expect(new Set(all).size).toBe(all.length);
      expect(deal.cardsDealt).toBe(deal.andar.length + deal.bahar.length);
      expect(deal.andar.length - deal.bahar.length).toBe(deal.winner === 'ANDAR' ? 1 : 0);
      const last = deal.winner === 'ANDAR' ? deal.andar.at(-1) : deal.bahar.at(-1);
      expect(rankOf(last!)).toBe(rankOf(deal.joker));
      expect(all.slice(1, -1).every((card) => rankOf(card) !== rankOf(deal.joker))).toBe(true);
    }
  });

  it('is a pure function of (server seed, client seed, nonce)', () => {
    for (let nonce = 0; nonce < 100; nonce++) {
      const result = playCardGame('ANDAR_BAHAR', { serverSeed, clientSeed: 'c', nonce }, { ANDAR: 100n });
      expect(playCardGame('ANDAR_BAHAR', { serverSeed: new Uint8Array(serverSeed), clientSeed: 'c', nonce }, { ANDAR: 100n })).toEqual(
        result,
      );
      expect(result.payoutMinor).toBe((result.deal as { winner: string }).winner === 'ANDAR' ? 190n : 0n);
    }
    const one = Array.from(
      { length: 10 },
      (_, nonce) => playCardGame('ANDAR_BAHAR', { serverSeed, clientSeed: 'c', nonce }, { BAHAR: 1n }).deal,
    );
    const other = Array.from(
      { length: 10 },
      (_, nonce) => playCardGame('ANDAR_BAHAR', { serverSeed, clientSeed: 'd', nonce }, { BAHAR: 1n }).deal,
    );
    expect(other).not.toEqual(one);
  });

  it.each(ANDAR_BAHAR_BETS)('deals 10^5 rounds inside the exact 99%% interval of %s', (bet) => {
    const result = simulateCardBet(
      serverSeed,
      'ci',
      100_000,
      dealAndarBahar,
      (deal) => andarBaharMultiplier(bet, deal),
      andarBaharDistribution(bet),
    );
    expect(result.isInside, JSON.stringify(result)).toBe(true);
  });
});

function createStream(nonce: number) {
  return createFairStream({ serverSeed, clientSeed: 'deal', nonce });
}

function interleave(andar: number[], bahar: number[]): number[] {
  return andar.flatMap((card, index) => (index < bahar.length ? [card, bahar[index]!] : [card]));
}
