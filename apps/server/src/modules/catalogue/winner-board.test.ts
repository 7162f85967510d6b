import { CATALOGUE_PATHS, rankListResponse } from '@kismat/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { settleRoundWithFact } from '../../test/facts-test-kit';
import { useTestApp } from '../../test/shop-fixture';
import { createFundedMember, defaultMerchant } from '../../test/vendor-test-kit';

describe('catalogue: the winner board from real wins', () => {
  let t: TestApp;
  let host: string;
  useTestApp(async (built) => {
    t = built;
    const site = await defaultMerchant(t.app);
    host = site.host;
    const at = new Date(Date.now() - 60_000);
    // Net wins 900, 700, 500, 300, 100 (RNG, RNG, FISH, RNG, FISH), a loss and a round older than 30 days.
    const plays: { bet: bigint; payout: bigint; gameType: string; at?: Date }[] = [
      { bet: 100n, payout: 1_000n, gameType: 'RNG' },
      { bet: 100n, payout: 800n, gameType: 'RNG' },
      { bet: 100n, payout: 600n, gameType: 'FISH' },
      { bet: 100n, payout: 400n, gameType: 'RNG' },
      { bet: 100n, payout: 200n, gameType: 'FISH' },
      { bet: 5_000n, payout: 0n, gameType: 'RNG' },
      { bet: 100n, payout: 99_000n, gameType: 'RNG', at: new Date(Date.now() - 31 * 86_400_000) },
    ];
    for (const play of plays) {
      const member = await createFundedMember(t.app, 0n);
      await settleRoundWithFact(t.app.db, site.merchant, member.member.id, { ...play, at: play.at ?? at });
    }
  });

  const board = async (query: string) => {
    const response = await t.app.inject({ url: `${CATALOGUE_PATHS.rankList}?${query}`, headers: { host, language: 'EN' } });
    expect(response.statusCode, response.body).toBe(200);
    return rankListResponse.parse(response.json()).value;
  };
  const amounts = (list: { vo: { winAmount: string } }[]) => list.map((entry) => entry.vo.winAmount);

  it('ranks the largest net wins of the last 30 days, and every size of one category is a slice of one board', async () => {
    const full = await board('gameCategory=ALL&limitNum=20');
    expect(full.isDemo).toBe(false);
    expect(amounts(full.list)).toEqual(['9.00', '7.00', '5.00', '3.00', '1.00']);
    expect(full.list.map((entry) => entry.rank)).toEqual([1, 2, 3, 4, 5]);
    for (const limit of [1, 2, 3, 4]) {
      const part = await board(`gameCategory=ALL&limitNum=${limit}`);
      expect(part.list, `limitNum=${limit}`).toEqual(full.list.slice(0, limit));
    }
    expect(amounts((await board('gameCategory=RNG&limitNum=20')).list)).toEqual(['9.00', '7.00', '3.00']);
    expect(amounts((await board('gameCategory=FISH&limitNum=1')).list)).toEqual(['5.00']);
  });
});
