import { describe, expect, it } from 'vitest';
import { simulateCardBet } from './card-simulate';
import { isComplete, rtpOf } from './cards';
import { anteAnalysis, dealTeenPatti, describeDeal, handStrength } from './teen-patti';
import {
  anteDistribution,
  antePlayMultiplier,
  optimalDecision,
  PAIR_PLUS_PAYS,
  PLAY_AT,
  pairPlusDistribution,
  playTeenPatti,
  settleTeenPatti,
  teenPattiMultiplier,
} from './teen-patti-round';
import { c, serverSeed, table } from './teen-patti-test-kit';

describe('teen patti round (ante, play or fold, pair plus)', () => {
  it('settles a played win, a dealer who does not qualify, a tie, a loss and a fold', () => {
    const stakes = { ANTE: 1_000n, PAIR_PLUS: 0n };
    // Player pair of kings vs dealer A-K-J high: dealer qualifies, player wins both bets.
    const win = describeDeal([c(12, 0), c(12, 1), c(4, 2)], [c(0, 3), c(12, 2), c(10, 3)]);
    expect(settleTeenPatti(win, stakes, 'PLAY')).toMatchObject({ stakeMinor: 2_000n, payoutMinor: 4_000n });
    // Dealer J-high does not qualify: ante paid 1:1, play returned.
    const unqualified = describeDeal([c(11, 0), c(5, 1), c(3, 2)], [c(10, 3), c(8, 2), c(6, 1)]);
    expect(unqualified.dealerQualifies).toBe(false);
    expect(settleTeenPatti(unqualified, stakes, 'PLAY').payoutMinor).toBe(3_000n);
    // Same high cards in other suits: a tie returns both.
    const tie = describeDeal([c(0, 0), c(9, 1), c(4, 2)], [c(0, 3), c(9, 2), c(4, 1)]);
    expect(tie.winner).toBe('TIE');
    expect(settleTeenPatti(tie, stakes, 'PLAY').payoutMinor).toBe(2_000n);
    // A played sequence that loses to a trail still gets its ante bonus (1:1 on the ante).
    const lost = describeDeal([c(4, 0), c(5, 1), c(6, 2)], [c(1, 0), c(1, 1), c(1, 2)]);
    expect(settleTeenPatti(lost, stakes, 'PLAY').bets.map((bet) => [bet.bet, bet.payoutMinor])).toEqual([
      ['ANTE', 1_000n],
      ['PLAY', 0n],
    ]);
    // Folding loses the ante whatever the dealer holds; no play bet.
    expect(settleTeenPatti(win, stakes, 'FOLD')).toMatchObject({ stakeMinor: 1_000n, payoutMinor: 0n });
  });

  it('pays pair plus by the player hand alone, played or folded', () => {
    const trail = describeDeal([c(7, 0), c(7, 1), c(7, 2)], [c(0, 3), c(12, 2), c(10, 3)]);
    const stakes = { ANTE: 1_000n, PAIR_PLUS: 200n };
    for (const decision of ['PLAY', 'FOLD'] as const) {
      const settled = settleTeenPatti(trail, stakes, decision);
      expect(settled.bets.find((bet) => bet.bet === 'PAIR_PLUS')?.payoutMinor).toBe(200n * 31n);
    }
    const nothing = describeDeal([c(11, 0), c(5, 1), c(3, 2)], [c(10, 3), c(8, 2), c(6, 1)]);
    expect(teenPattiMultiplier('PAIR_PLUS', nothing, 'PLAY')).toBe(0);
    expect(PAIR_PLUS_PAYS.PURE_SEQUENCE).toBe(40);
  });

  it('pair plus returns 21,588 / 22,100 = 97.6833% (closed form over the hand counts)', () => {
    const exact = pairPlusDistribution();
    expect(isComplete(exact)).toBe(true);
    expect(rtpOf(exact)).toBeCloseTo(21_588 / 22_100, 13);
    expect((rtpOf(exact) * 100).toFixed(4)).toBe('97.6833');
  });

  it('the optimal strategy is one threshold, Queen-6-4: the same 14,900 hands and return as the hand-by-hand optimum', () => {
    const { hands, strengths } = table();
    expect(handStrength([c(11, 0), c(5, 1), c(3, 2)])).toBe(PLAY_AT);
    expect(optimalDecision([c(11, 0), c(5, 1), c(3, 2)])).toBe('PLAY');
    expect(optimalDecision([c(11, 0), c(5, 1), c(2, 2)])).toBe('FOLD');
    expect(hands.filter((_, index) => strengths[index]! >= PLAY_AT).length).toBe(anteAnalysis(table()).playedHands);
    const exact = anteDistribution(table());
    expect(isComplete(exact)).toBe(true);
    // ANTE + PLAY returned per unit of ante = the play stakes (14,900 / 22,100 of hands play) plus
    // anteAnalysis's 393,436,620 / 407,170,400 (1 minus the expected loss per ante).
    const wageredPerAnte = 1 + 14_900 / 22_100;
    expect(rtpOf(exact)).toBeCloseTo(393_436_620 / 407_170_400 + 14_900 / 22_100, 13);
    // Per unit wagered (ante + play): the same loss spread over both stakes, 97.99%.
    expect(((rtpOf(exact) / wageredPerAnte) * 100).toFixed(4)).toBe('97.9853');
    // Always playing loses more per ante (stakes 2 per ante) than the optimum; never playing returns nothing.
    expect(2 - rtpOf(anteDistribution(table(), () => 'PLAY'))).toBeGreaterThan(wageredPerAnte - rtpOf(exact));
    expect(rtpOf(anteDistribution(table(), () => 'FOLD'))).toBe(0);
  }, 60_000);

  it('10^5 simulated rounds on the fair stream land inside the 99% interval (ante + play optimal; pair plus)', () => {
    const ante = simulateCardBet(
      serverSeed,
      'simulation',
      100_000,
      dealTeenPatti,
      (deal) => antePlayMultiplier(deal),
      anteDistribution(table()),
    );
    expect(ante.isInside).toBe(true);
    const pairPlus = simulateCardBet(
      serverSeed,
      'simulation',
      100_000,
      dealTeenPatti,
      (deal) => teenPattiMultiplier('PAIR_PLUS', deal, 'FOLD'),
      pairPlusDistribution(),
    );
    expect(pairPlus.isInside).toBe(true);
  }, 60_000);

  it('a round is a pure function of the seeds, the nonce, the stakes and the decision', () => {
    const inputs = { serverSeed, clientSeed: 'pure', nonce: 3 };
    const once = playTeenPatti(inputs, { ANTE: 500n, PAIR_PLUS: 100n }, 'PLAY');
    expect(playTeenPatti({ ...inputs, serverSeed: new Uint8Array(serverSeed) }, { ANTE: 500n, PAIR_PLUS: 100n }, 'PLAY')).toEqual(once);
    expect(playTeenPatti({ ...inputs, clientSeed: 'other' }, { ANTE: 500n, PAIR_PLUS: 100n }, 'PLAY').player).not.toEqual(once.player);
  });
});
