import { CATALOGUE_PATHS, gameListResponse, LAUNCH_PATHS, launchGameResponse } from '@kismat/contracts/catalogue';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { VENDOR_API_PATHS } from '@kismat/contracts/vendor-wallet';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games, merchantGames, merchantVendorCategories, vendorCategories, vendors } from '../../db/schema/catalogue';
import { gameLaunches } from '../../db/schema/games';
import type { TestApp } from '../../test/build-test-app';
import type { TestClient } from '../../test/factories';
import { useTestApp } from '../../test/shop-fixture';
import { createFundedMember, vendorCall } from '../../test/vendor-test-kit';
import { clearCatalogueCaches } from '../catalogue/catalogue-caches';

const FB = LAUNCH_PATHS.gameLaunchFB;

describe('GCS_gameLaunchFB: launching a vendor (its entry game, or a game by code)', () => {
  let t: TestApp;
  useTestApp((built) => {
    t = built;
  });

  /** The vendor's games in one category as the game list orders them (what a member sees first). */
  async function vendorList(client: TestClient, token: string, vassalage: string, gameType: string) {
    clearCatalogueCaches(t.app.db);
    const response = await client.call('GET', `${CATALOGUE_PATHS.gameList}?vassalage=${vassalage}&gameType=${gameType}&pageSize=100`, {
      token,
    });
    return gameListResponse.parse(response.json()).value.list;
  }

  async function laneOf(vassalage: string, category: string) {
    const [lane] = await t.app.db
      .select({ id: vendorCategories.id })
      .from(vendorCategories)
      .innerJoin(vendors, eq(vendors.id, vendorCategories.vendorId))
      .where(and(eq(vendors.code, vassalage), eq(vendorCategories.category, category)));
    if (!lane) throw new Error(`no ${vassalage} ${category} lane`);
    return lane.id;
  }

  it('needs a login, launches the entry game with a single-use token, or the named game', async () => {
    expect((await t.app.inject({ url: `${FB}?vassalage=PT` })).statusCode).toBe(401);
    const { client, token, member } = await createFundedMember(t.app, 10_00n);
    const list = await vendorList(client, token, 'PT', 'RNG');
    const [entry, other] = list;
    if (!entry || !other) throw new Error('PT offers fewer than two RNG games');

    const response = await client.call('GET', `${FB}?vassalage=pt&gameType=RNG&platform=html5-desktop`, { token });
    expect(response.statusCode, response.body).toBe(200);
    const value = launchGameResponse.parse(response.json()).value;
    expect(value).toMatchObject({ nodeId: entry.nodeId, vassalage: 'PT', isFunMode: false });
    const launch = new URL(value.url, 'http://local').searchParams.get('token') ?? '';
    expect((await vendorCall(t.app, 'PT', VENDOR_API_PATHS.authenticate, { token: launch })).status).toBe('RS_OK');
    expect((await vendorCall(t.app, 'PT', VENDOR_API_PATHS.authenticate, { token: launch })).status).toBe('RS_ERROR_INVALID_TOKEN');
    const stored = await t.app.db.select().from(gameLaunches).where(eq(gameLaunches.memberId, member.id));
    expect(stored.map((row) => row.gameId)).toEqual([entry.nodeId]);

    const named = await client.call('GET', `${FB}?vassalage=PT&gameCode=${encodeURIComponent(other.gameCode)}`, { token });
    expect(launchGameResponse.parse(named.json()).value.nodeId).toBe(other.nodeId);
    const unknown = await client.call('GET', `${FB}?vassalage=PT&gameCode=no-such-game`, { token });
    expect(unknown.json().code).toBe('GAME_UNAVAILABLE');
    expect((await client.call('GET', `${FB}?vassalage=ZZZ`, { token })).json().code).toBe('GAME_UNAVAILABLE');
    expect((await client.call('GET', `${FB}?gameCode=${other.gameCode}`, { token })).statusCode).toBe(422);
  });

  it('skips an entry game in maintenance; a vendor wholly in maintenance answers GAME_MAINTENANCE with suggestions', async () => {
    const { client, token, merchant } = await createFundedMember(t.app, 0n);
    const [entry, next] = await vendorList(client, token, 'PT', 'RNG');
    if (!entry || !next) throw new Error('PT offers fewer than two RNG games');
    await t.app.db.insert(merchantGames).values({ merchantId: merchant.id, gameId: entry.nodeId, isMaintenance: true });
    try {
      const skipped = await client.call('GET', `${FB}?vassalage=PT&gameType=RNG`, { token });
      expect(launchGameResponse.parse(skipped.json()).value.nodeId).toBe(next.nodeId);
      // Named, the game in maintenance is refused as launchGame refuses it.
      const named = await client.call('GET', `${FB}?vassalage=PT&gameCode=${encodeURIComponent(entry.gameCode)}`, { token });
      expect(named.statusCode).toBe(409);
    } finally {
      await t.app.db.delete(merchantGames).where(and(eq(merchantGames.merchantId, merchant.id), eq(merchantGames.gameId, entry.nodeId)));
    }

    const [vendor] = await t.app.db.select().from(vendors).where(eq(vendors.code, 'PT'));
    if (!vendor) throw new Error('no PT');
    await t.app.db.update(vendors).set({ status: 'MAINTENANCE', maintenanceEnd: null }).where(eq(vendors.id, vendor.id));
    try {
      const closed = await client.call('GET', `${FB}?vassalage=PT`, { token });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().code).toBe('GAME_MAINTENANCE');
      expect(closed.json().value.suggestions.length).toBeGreaterThan(0);
      expect(closed.json().value.suggestions.every((game: { vassalage: string }) => game.vassalage !== 'PT')).toBe(true);
    } finally {
      await t.app.db.update(vendors).set({ status: vendor.status, maintenanceEnd: vendor.maintenanceEnd }).where(eq(vendors.id, vendor.id));
    }
  });

  it("follows the merchant's choices and the trial rules", async () => {
    const { client, token } = await createFundedMember(t.app, 0n);
    const lane = await laneOf('PT', 'RNG');
    await t.app.db.update(merchantVendorCategories).set({ isEnabled: false }).where(eq(merchantVendorCategories.vendorCategoryId, lane));
    try {
      const off = await client.call('GET', `${FB}?vassalage=PT&gameType=RNG`, { token });
      expect(off.statusCode).toBe(404);
      expect(off.json().code).toBe('GAME_UNAVAILABLE');
    } finally {
      await t.app.db.update(merchantVendorCategories).set({ isEnabled: true }).where(eq(merchantVendorCategories.vendorCategoryId, lane));
    }

    const trial = await createFundedMember(t.app, 0n, { type: MEMBER_TYPE.TRIAL });
    const real = await trial.client.call('GET', `${FB}?vassalage=PT&gameType=RNG`, { token: trial.token });
    expect(real.statusCode).toBe(403);
    expect(real.json().code).toBe('TRIAL_FORBIDDEN');
    // Only the second game of the lane offers free play: a free trial of the vendor opens that one.
    const [entry, second] = await vendorList(client, token, 'PT', 'RNG');
    if (!entry || !second) throw new Error('PT offers fewer than two RNG games');
    const ptRng = await t.app.db
      .select({ id: games.id, supportsFreePlay: games.supportsFreePlay })
      .from(games)
      .innerJoin(vendors, eq(vendors.id, games.vendorId))
      .where(and(eq(vendors.code, 'PT'), eq(games.category, 'RNG')));
    const setFreePlay = async (id: number, supportsFreePlay: boolean) =>
      t.app.db.update(games).set({ supportsFreePlay }).where(eq(games.id, id));
    try {
      for (const game of ptRng) await setFreePlay(game.id, game.id === second.nodeId);
      const fun = await trial.client.call('GET', `${FB}?vassalage=PT&gameType=RNG&mode=fun`, { token: trial.token });
      expect(fun.statusCode, fun.body).toBe(200);
      expect(launchGameResponse.parse(fun.json()).value).toMatchObject({ nodeId: second.nodeId, isFunMode: true });
      await setFreePlay(second.nodeId, false);
      const none = await trial.client.call('GET', `${FB}?vassalage=PT&gameType=RNG&mode=fun`, { token: trial.token });
      expect(none.json().code).toBe('FREE_PLAY_UNSUPPORTED');
    } finally {
      for (const game of ptRng) await setFreePlay(game.id, game.supportsFreePlay);
    }
  });
});
