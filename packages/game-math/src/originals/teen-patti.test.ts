import { describe, expect, it } from 'vitest';
import { createFairStream } from '../fair/fair-stream';
import {
  ALL_HANDS_COUNT,
  allHands,
  anteAnalysis,
  DEALER_QUALIFIES_AT,
  dealTeenPatti,
  handOf,
  handStrength,
  TEEN_PATTI_HANDS,
} from './teen-patti';
import { c, serverSeed, table } from './teen-patti-test-kit';

describe('teen patti hands', () => {
  it('counts every three-card hand by category: 52 trails, 48 pure sequences, 720 sequences, 1,096 colours, 3,744 pairs', () => {
    const counts = new Map<string, number>();
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let d = b + 1; d < 52; d++) {
          const hand = handOf(handStrength([a, b, d]));
          counts.set(hand, (counts.get(hand) ?? 0) + 1);
        }
    expect(Object.fromEntries(counts)).toEqual({
      TRAIL: 52,
      PURE_SEQUENCE: 48,
      SEQUENCE: 720,
      COLOUR: 1_096,
      PAIR: 3_744,
      HIGH_CARD: 16_440,
    });
    expect([...counts.values()].reduce((sum, count) => sum + count, 0)).toBe(ALL_HANDS_COUNT);
  });

  it('ranks trail > pure sequence > sequence > colour > pair > high card, A-K-Q over A-2-3 over K-Q-J', () => {
    const ordered = [
      [c(0, 0), c(0, 1), c(0, 2)], // trail of aces
      [c(1, 0), c(1, 1), c(1, 2)], // trail of twos
      [c(0, 0), c(12, 0), c(11, 0)], // pure sequence A-K-Q
      [c(0, 1), c(1, 1), c(2, 1)], // pure sequence A-2-3
      [c(12, 2), c(11, 2), c(10, 2)], // pure sequence K-Q-J
      [c(0, 0), c(12, 1), c(11, 2)], // sequence A-K-Q
      [c(0, 0), c(1, 1), c(2, 2)], // sequence A-2-3
      [c(3, 0), c(2, 1), c(1, 2)], // sequence 2-3-4
      [c(0, 3), c(9, 3), c(4, 3)], // colour A-10-5
      [c(12, 3), c(11, 3), c(9, 3)], // colour K-Q-10
      [c(0, 0), c(0, 1), c(12, 2)], // pair of aces, king
      [c(0, 0), c(0, 1), c(1, 2)], // pair of aces, two
      [c(12, 0), c(12, 1), c(0, 2)], // pair of kings, ace
      [c(0, 0), c(12, 1), c(10, 2)], // high card A-K-J
      [c(11, 0), c(2, 1), c(1, 2)], // Q-3-2: the weakest qualifying dealer hand
      [c(10, 0), c(9, 1), c(7, 2)], // J-10-8: does not qualify
    ];
    const strengths = ordered.map(handStrength);
    for (let index = 1; index < strengths.length; index++) expect(strengths[index - 1]).toBeGreaterThan(strengths[index]!);
    expect(handStrength([c(11, 0), c(2, 1), c(1, 2)])).toBe(DEALER_QUALIFIES_AT);
    expect(handStrength([c(0, 0), c(5, 1), c(9, 2)])).toBe(handStrength([c(0, 3), c(5, 2), c(9, 1)]));
    expect(TEEN_PATTI_HANDS[0]).toBe('HIGH_CARD');
  });

  it('deals player and dealer alternately from one deck, a pure function of the round inputs', () => {
    for (let nonce = 0; nonce < 100; nonce++) {
      const deal = dealTeenPatti(createFairStream({ serverSeed, clientSeed: 'c', nonce }));
      expect(new Set([...deal.player, ...deal.dealer]).size).toBe(6);
      expect(dealTeenPatti(createFairStream({ serverSeed: new Uint8Array(serverSeed), clientSeed: 'c', nonce }))).toEqual(deal);
      const order = handStrength(deal.player) - handStrength(deal.dealer);
      expect(deal.winner).toBe(order > 0 ? 'PLAYER' : order < 0 ? 'DEALER' : 'TIE');
    }
  });

  it('counts the dealer hands against each player hand exactly (checked by brute force on a sample, and in total)', () => {
    const { hands, counts } = table();
    const sum = { unqualified: 0, playerWins: 0, ties: 0, dealerWins: 0 };
    for (const count of counts) for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += count[key];
    // The full 407,170,400-pair enumeration (6.4 s) gives these totals.
    expect(sum).toEqual({ unqualified: 123_809_280, playerWins: 97_417_516, ties: 279_840, dealerWins: 185_663_764 });
    const everyHand = allHands();
    for (let index = 0; index < hands.length; index += 1_009) {
      const player = hands[index]!;
      const mine = handStrength(player);
      const brute = { unqualified: 0, playerWins: 0, ties: 0, dealerWins: 0 };
      for (const dealer of everyHand) {
        if (dealer.some((card) => player.includes(card))) continue;
        const theirs = handStrength(dealer);
        if (theirs < DEALER_QUALIFIES_AT) brute.unqualified++;
        else if (mine > theirs) brute.playerWins++;
        else if (mine === theirs) brute.ties++;
        else brute.dealerWins++;
      }
      expect(counts[index]).toEqual(brute);
    }
  }, 60_000);

  it('returns 96.6270% on the ante played optimally (Queen-6-4 or better), the published three-card house edge of 3.37%', () => {
    const analysis = anteAnalysis(table());
    expect(analysis.playedHands).toBe(14_900);
    expect(analysis.weakestPlayed.map((card) => card % 13).sort((a, b) => a - b)).toEqual([3, 5, 11]);
    expect(analysis.returnNumerator).toBe(393_436_620n);
    expect(analysis.denominator).toBe(407_170_400n);
    expect(((Number(analysis.returnNumerator) / Number(analysis.denominator)) * 100).toFixed(4)).toBe('96.6270');
  }, 60_000);
});
