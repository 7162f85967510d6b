import { LAUNCH_PATHS, launchGameResponse } from '@kismat/contracts/catalogue';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games, vendors } from '../../db/schema/catalogue';
import type { TestApp } from '../../test/build-test-app';
import { useTestApp } from '../../test/shop-fixture';
import { createFundedMember } from '../../test/vendor-test-kit';

describe('launching in-house games', () => {
  let t: TestApp;
  useTestApp((built) => {
    t = built;
  });

  it('the seed lists every slot title and lottery game under the KISMAT lanes', async () => {
    const rows = await t.app.db
      .select({ gameCode: games.gameCode, category: games.category })
      .from(games)
      .innerJoin(vendors, eq(vendors.id, games.vendorId))
      .where(eq(vendors.code, 'KISMAT'));
    const lanes = new Map(rows.map((row) => [row.gameCode, row.category]));
    expect(Object.fromEntries(['bengal-tiger', 'lucky-lotus', 'golden-delta'].map((code) => [code, lanes.get(code)]))).toEqual({
      'bengal-tiger': 'BGS',
      'lucky-lotus': 'BGS',
      'golden-delta': 'BGS',
    });
    expect(Object.fromEntries(['ELOTT_1M', 'ELOTT_3M', 'ELOTT_5M', 'VN_NORTH', 'SEA_THAI'].map((code) => [code, lanes.get(code)]))).toEqual(
      { ELOTT_1M: 'ELOTT', ELOTT_3M: 'ELOTT', ELOTT_5M: 'ELOTT', VN_NORTH: 'LOTT', SEA_THAI: 'LOTT' },
    );
  });

  it.each([
    ['golden-delta', '/bgs?gameCode=golden-delta'],
    ['ELOTT_1M', '/lottery?gameCode=ELOTT_1M'],
    ['VN_NORTH', '/lottery?gameCode=VN_NORTH'],
    ['SEA_THAI', '/lottery?gameCode=SEA_THAI'],
  ])('sends %s to %s', async (gameCode, url) => {
    const { client, token } = await createFundedMember(t.app, 0n);
    const [game] = await t.app.db
      .select({ id: games.id })
      .from(games)
      .innerJoin(vendors, eq(vendors.id, games.vendorId))
      .where(and(eq(vendors.code, 'KISMAT'), eq(games.gameCode, gameCode)));
    if (!game) throw new Error(`${gameCode} not seeded`);
    const response = await client.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${game.id}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    expect(launchGameResponse.parse(response.json()).value).toMatchObject({ url, mode: 'redirect', vassalage: 'KISMAT' });
  });
});
