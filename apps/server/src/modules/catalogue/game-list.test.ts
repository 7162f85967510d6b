import {
  CATALOGUE_PATHS,
  favoriteGameIdsResponse,
  gameListResponse,
  gameMenuResponse,
  newGameVendorResponse,
  rankListResponse,
} from '@kismat/contracts/catalogue';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games } from '../../db/schema/catalogue';
import type { TestApp } from '../../test/build-test-app';
import { createFundedMember, useDefaultSite } from '../../test/vendor-test-kit';

describe('catalogue: game lists, vendor lanes, favourites, winner board', () => {
  let t: TestApp;
  let host: string;
  useDefaultSite((site) => {
    ({ t, host } = site);
  });

  const get = (url: string, token?: string, language = 'EN') =>
    t.app.inject({ url, headers: { host, language, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  it('pages the public list with filters and totals', async () => {
    const first = gameListResponse.parse((await get(`${CATALOGUE_PATHS.gameListPublic}?gameType=RNG&pageNo=1`)).json()).value;
    expect(first.pageSize).toBe(20);
    expect(first.list).toHaveLength(20);
    expect(first.total).toBeGreaterThan(20);
    expect(first.list.every((game) => game.gameType === 'RNG')).toBe(true);
    const second = gameListResponse.parse((await get(`${CATALOGUE_PATHS.gameListPublic}?gameType=RNG&pageNo=2`)).json()).value;
    const firstIds = new Set(first.list.map((game) => game.nodeId));
    expect(second.list.some((game) => firstIds.has(game.nodeId))).toBe(false);
    const beyond = gameListResponse.parse((await get(`${CATALOGUE_PATHS.gameListPublic}?gameType=RNG&pageNo=999`)).json()).value;
    expect(beyond).toMatchObject({ list: [], total: first.total });

    const hot = gameListResponse.parse((await get(`${CATALOGUE_PATHS.gameListPublic}?gameClassify=HOT&pageSize=100`)).json()).value;
    expect(hot.list.length).toBeGreaterThan(0);
    expect(hot.list.every((game) => game.isHot === 1)).toBe(true);
    const vendor = gameListResponse.parse((await get(`${CATALOGUE_PATHS.gameListPublic}?vassalage=pt`)).json()).value;
    expect(vendor.list.every((game) => game.vassalage === 'PT')).toBe(true);
    // FAV needs a login; the T path needs a token.
    expect((await get(`${CATALOGUE_PATHS.gameListPublic}?gameClassify=FAV`)).statusCode).toBe(401);
    expect((await get(CATALOGUE_PATHS.gameList)).statusCode).toBe(401);
  });

  it('names games in the request language', async () => {
    const [game] = await t.app.db.select().from(games).limit(1);
    if (!game) throw new Error('no games');
    await t.app.db
      .update(games)
      .set({ displayNames: { BN: 'বাংলা নাম', EN: 'English Name' } })
      .where(eq(games.id, game.id));
    const bn = gameListResponse.parse(
      (await get(`${CATALOGUE_PATHS.gameListPublic}?keyword=${encodeURIComponent('বাংলা')}&language=BN`)).json(),
    ).value;
    expect(bn.list.map((item) => [item.nodeId, item.displayName])).toEqual([[game.id, 'বাংলা নাম']]);
    const en = gameListResponse.parse((await get(`${CATALOGUE_PATHS.gameListPublic}?keyword=English&language=EN`)).json()).value;
    expect(en.list[0]?.displayName).toBe('English Name');
  });

  it('favourites are idempotent and per member', async () => {
    const alice = await createFundedMember(t.app, 0n);
    const bob = await createFundedMember(t.app, 0n);
    const [game] = await t.app.db.select().from(games).limit(1);
    if (!game) throw new Error('no games');
    for (let index = 0; index < 2; index += 1) {
      const added = await alice.client.call('POST', CATALOGUE_PATHS.addFavoriteGame, {
        token: alice.token,
        body: { nodeId: game.id, gameType: game.category },
      });
      expect(added.statusCode).toBe(200);
    }
    const ids = favoriteGameIdsResponse.parse(
      (await alice.client.call('GET', CATALOGUE_PATHS.favoriteGameIds, { token: alice.token })).json(),
    ).value.ids;
    expect(ids).toEqual([game.id]);
    const bobIds = favoriteGameIdsResponse.parse(
      (await bob.client.call('GET', CATALOGUE_PATHS.favoriteGameIds, { token: bob.token })).json(),
    ).value.ids;
    expect(bobIds).toEqual([]);
    const list = gameListResponse.parse(
      (await alice.client.call('GET', `${CATALOGUE_PATHS.favoriteGamesList}`, { token: alice.token })).json(),
    ).value;
    expect(list).toMatchObject({ pageSize: 999, total: 1 });
    expect(list.list[0]).toMatchObject({ nodeId: game.id, isFavorite: true });
    const flagged = gameListResponse.parse(
      (
        await get(`${CATALOGUE_PATHS.gameList}?vassalage=${list.list[0]?.vassalage}&gameType=${game.category}&pageSize=100`, alice.token)
      ).json(),
    ).value;
    expect(flagged.list.find((item) => item.nodeId === game.id)?.isFavorite).toBe(true);
    const wrongVendor = await alice.client.call('POST', CATALOGUE_PATHS.addFavoriteGame, {
      token: alice.token,
      body: { nodeId: game.id, vendor: 'ZZZ' },
    });
    expect(wrongVendor.statusCode).toBe(404);
    for (let index = 0; index < 2; index += 1) {
      const removed = await alice.client.call('DELETE', `${CATALOGUE_PATHS.removeFavoriteGame}?nodeId=${game.id}`, { token: alice.token });
      expect(removed.statusCode).toBe(200);
    }
    const after = favoriteGameIdsResponse.parse(
      (await alice.client.call('GET', CATALOGUE_PATHS.favoriteGameIds, { token: alice.token })).json(),
    ).value.ids;
    expect(after).toEqual([]);
  });

  it('navigation and vendor lanes follow the spec rules', async () => {
    const menus = gameMenuResponse.parse((await get(CATALOGUE_PATHS.gameMenu)).json()).value.menus;
    expect(menus.map((menu) => menu.gameType)).toEqual(
      ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS', 'COCKFIGHT'].filter((type) =>
        menus.some((menu) => menu.gameType === type),
      ),
    );
    expect(menus.every((menu) => menu.vendors.length > 0)).toBe(true);
    for (const menu of menus) {
      expect(menu.isLargeMenu).toBe(menu.vendors.length > 10);
      if (['PVP', 'FISH', 'RNG'].includes(menu.gameType)) expect(menu.launchesDirectly).toBe(false);
    }
    const lanes = newGameVendorResponse.parse((await get(`${CATALOGUE_PATHS.newGameVendor}?platform=html5-desktop`)).json()).value.data
      .lanes;
    const esports = lanes.find((lane) => lane.title === 'ESPORTS');
    expect(esports?.gameClassify.vendors).toEqual(['AV', 'IMES', 'IA', 'AI', 'TF']);
    expect(esports?.cards.every((card) => card.gameCount > 0)).toBe(true);
  });

  it('the winner board is the labelled DEMO board until someone wins', async () => {
    const board = rankListResponse.parse((await get(`${CATALOGUE_PATHS.rankList}?gameCategory=ALL&limitNum=20`)).json()).value;
    expect(board.isDemo).toBe(true);
    expect(board.list.length).toBeGreaterThan(3);
    const amounts = board.list.map((entry) => Number(entry.vo.winAmount));
    expect([...amounts].sort((left, right) => right - left)).toEqual(amounts);
  });

  it('trial players may browse', async () => {
    const trial = await createFundedMember(t.app, 0n, { type: MEMBER_TYPE.TRIAL });
    expect((await get(CATALOGUE_PATHS.gameList, trial.token)).statusCode).toBe(200);
  });
});
