import { commitServerSeed } from '@kismat/game-math/fair/commitment';
import { createFairStream } from '@kismat/game-math/fair/fair-stream';
import { seedInputsFromHex } from '@kismat/game-math/fair/seed-inputs';
import { playCardGame } from '@kismat/game-math/originals/card-games';
import { cardLabel } from '@kismat/game-math/originals/cards';
import { dealTeenPatti } from '@kismat/game-math/originals/teen-patti';
import { settleTeenPatti } from '@kismat/game-math/originals/teen-patti-round';
import { describe, expect, it } from 'vitest';
import { parseCardStakes, verifyOriginalRound } from './verify-original-round';

const serverSeedHex = 'ab'.repeat(32);
const seedBytes = Uint8Array.from({ length: 32 }, () => 0xab);
const base = {
  direction: 'UNDER' as const,
  chance: '4950',
  mineCount: '3',
  picks: '',
  rows: '12',
  risk: 'LOW' as const,
  serverSeedHex,
  commitmentHex: commitServerSeed(seedBytes),
  clientSeed: 'browser',
  stakeMinor: '100',
  houseEdgeBp: '100',
};

describe('verify a card round', () => {
  it('replays a Dragon Tiger slip: the cards dealt and what the slip paid', () => {
    for (let nonce = 0; nonce < 30; nonce++) {
      const outcome = verifyOriginalRound({ ...base, game: 'DRAGON_TIGER', nonce: String(nonce), cardStakes: 'DRAGON=1000, TIE=100' });
      const expected = playCardGame('DRAGON_TIGER', seedInputsFromHex(serverSeedHex, 'browser', nonce), { DRAGON: 1_000n, TIE: 100n });
      if (!outcome.ok) throw new Error(outcome.error);
      expect(outcome.isCommitmentValid).toBe(true);
      const deal = expected.deal as { dragon: number; tiger: number };
      expect(outcome.cards).toEqual([cardLabel(deal.dragon), cardLabel(deal.tiger)]);
      expect(outcome.payoutMinor).toBe(expected.payoutMinor);
    }
  });

  it('replays an Andar Bahar slip: the joker, then Andar and Bahar alternately', () => {
    const outcome = verifyOriginalRound({ ...base, game: 'ANDAR_BAHAR', nonce: '7', cardStakes: 'ANDAR=1000,BAHAR=500' });
    const expected = playCardGame('ANDAR_BAHAR', seedInputsFromHex(serverSeedHex, 'browser', 7), { ANDAR: 1_000n, BAHAR: 500n });
    if (!outcome.ok) throw new Error(outcome.error);
    const deal = expected.deal as { joker: number; andar: number[]; bahar: number[]; winner: string };
    expect(outcome.cards?.[0]).toBe(cardLabel(deal.joker));
    expect(outcome.cards?.[1]).toBe(cardLabel(deal.andar[0]!));
    expect(outcome.cards).toHaveLength(1 + deal.andar.length + deal.bahar.length);
    expect(outcome.payoutMinor).toBe(deal.winner === 'ANDAR' ? 1_900n : 1_000n);
  });

  it('replays a Teen Patti hand from its settled slip: PLAY = the ante when played, absent when folded', () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      const deal = dealTeenPatti(createFairStream(seedInputsFromHex(serverSeedHex, 'browser', nonce)));
      const played = verifyOriginalRound({
        ...base,
        game: 'TEEN_PATTI',
        nonce: String(nonce),
        cardStakes: 'ANTE=1000,PLAY=1000,PAIR_PLUS=200',
      });
      const folded = verifyOriginalRound({ ...base, game: 'TEEN_PATTI', nonce: String(nonce), cardStakes: 'ANTE=1000,PAIR_PLUS=200' });
      if (!played.ok || !folded.ok) throw new Error('not verified');
      // Player and dealer alternately, player first.
      expect(played.cards).toEqual([0, 1, 2].flatMap((index) => [cardLabel(deal.player[index]!), cardLabel(deal.dealer[index]!)]));
      expect(played.payoutMinor).toBe(settleTeenPatti(deal, { ANTE: 1_000n, PAIR_PLUS: 200n }, 'PLAY').payoutMinor);
      expect(folded.payoutMinor).toBe(settleTeenPatti(deal, { ANTE: 1_000n, PAIR_PLUS: 200n }, 'FOLD').payoutMinor);
    }
    // A play stake other than the ante is no hand the server deals.
    expect(verifyOriginalRound({ ...base, game: 'TEEN_PATTI', nonce: '0', cardStakes: 'ANTE=1000,PLAY=500' })).toEqual({
      ok: false,
      error: 'BAD_BET',
    });
  });

  it('refuses a slip with an unknown, repeated, empty or fractional bet', () => {
    expect(parseCardStakes('DRAGON_TIGER', 'DRAGON=100,TIGER=0')).toEqual({ DRAGON: 100n, TIGER: 0n });
    for (const text of ['', 'BANKER=100', 'DRAGON=100,DRAGON=5', 'DRAGON=1.5', 'DRAGON=0', 'DRAGON']) {
      expect(parseCardStakes('DRAGON_TIGER', text), text).toBeNull();
      expect(verifyOriginalRound({ ...base, game: 'DRAGON_TIGER', nonce: '0', cardStakes: text })).toEqual({ ok: false, error: 'BAD_BET' });
    }
  });
});
