import {
  CATALOGUE_PATHS,
  gameListResponse,
  gameMenusResponse,
  hotGamesResponse,
  newGameVendorResponse,
  rankListResponse,
} from '@kismat/contracts/catalogue';
import { OPERATOR_CATALOGUE_PATHS } from '@kismat/contracts/operator-catalogue';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games, merchantVendorCategories, vendorCategories, vendors } from '../../db/schema/catalogue';
import type { TestApp } from '../../test/build-test-app';
import { createMerchant, TestClient } from '../../test/factories';
import { useTestApp } from '../../test/shop-fixture';
import { createFundedMember, defaultMerchant } from '../../test/vendor-test-kit';
import { clearCatalogueCaches } from './catalogue-caches';

const ROOT_TOKEN = 'operator-token-for-public-read-cache-tests';
const RNG_PAGE = `${CATALOGUE_PATHS.gameListPublic}?gameType=RNG&pageNo=1&pageSize=20&gameClassify=ALL`;

describe('catalogue: public reads are cached per merchant, language and query', () => {
  let t: TestApp;
  let host: string;
  let merchantCode: string;
  let operator: TestClient;
  useTestApp(
    async (built) => {
      t = built;
      const { merchant, host: merchantHost } = await defaultMerchant(t.app);
      host = merchantHost;
      merchantCode = merchant.code;
      operator = new TestClient(t.app, host);
    },
    { config: { OPERATOR_TOKEN: ROOT_TOKEN } },
  );

  const get = (url: string, headers: Record<string, string> = {}, onHost = host) =>
    t.app.inject({ url, headers: { host: onHost, language: 'EN', ...headers } });
  const listOf = async (url: string, headers: Record<string, string> = {}, onHost = host) => {
    const response = await get(url, headers, onHost);
    expect(response.statusCode, response.body).toBe(200);
    return gameListResponse.parse(response.json()).value;
  };
  const changeGame = async (nodeId: number, body: Record<string, unknown>) => {
    const response = await operator.call(
      'PUT',
      OPERATOR_CATALOGUE_PATHS.game.replace(':code', merchantCode).replace(':nodeId', String(nodeId)),
      {
        headers: { authorization: `Bearer ${ROOT_TOKEN}` },
        body,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
  };

  it('a visitor gets the same bytes with an ETag; a matching If-None-Match gets 304 without a body', async () => {
    const first = await get(RNG_PAGE);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(gameListResponse.parse(first.json()).value.list).toHaveLength(20);

    const second = await get(RNG_PAGE);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(etag);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const revalidated = await get(RNG_PAGE, { 'if-none-match': header });
      expect(revalidated.statusCode, header).toBe(304);
      expect(revalidated.body).toBe('');
    }
    expect((await get(RNG_PAGE, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    // Each home-page read answers the same way.
    for (const url of [
      CATALOGUE_PATHS.gameMenus,
      CATALOGUE_PATHS.gameMenu,
      CATALOGUE_PATHS.newGameVendor,
      CATALOGUE_PATHS.hotGames,
      `${CATALOGUE_PATHS.rankList}?gameCategory=ALL&limitNum=20`,
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect((await get(url, { 'if-none-match': String(answer.headers.etag) })).statusCode, url).toBe(304);
    }
  });

  it("an operator's change shows at once: the cached list, hot games and ETag are dropped", async () => {
    const before = await listOf(RNG_PAGE);
    const game = before.list.find((item) => item.isHot === 0);
    if (!game) throw new Error('no game that is not hot on the first RNG page');
    const etag = (await get(RNG_PAGE)).headers.etag;
    const hotHas = async () =>
      hotGamesResponse.parse((await get(CATALOGUE_PATHS.hotGames)).json()).value.list.some((item) => item.nodeId === game.nodeId);
    expect(await hotHas()).toBe(false);

    await changeGame(game.nodeId, { isHot: true });
    const after = await listOf(RNG_PAGE);
    expect(after.list.find((item) => item.nodeId === game.nodeId)?.isHot).toBe(1);
    expect((await get(RNG_PAGE)).headers.etag).not.toBe(etag);
    expect((await get(RNG_PAGE, { 'if-none-match': String(etag) })).statusCode).toBe(200);
    expect(await hotHas()).toBe(true);

    await changeGame(game.nodeId, { isEnabled: false });
    const without = await listOf(RNG_PAGE);
    expect(without.list.some((item) => item.nodeId === game.nodeId)).toBe(false);
    expect(without.total).toBe(before.total - 1);
    await changeGame(game.nodeId, { isEnabled: true, isHot: null });
    expect(await listOf(RNG_PAGE)).toEqual(before);
  });

  it("lays each member's favourites over the shared page and never into it", async () => {
    const alice = await createFundedMember(t.app, 0n);
    const bob = await createFundedMember(t.app, 0n);
    const visitorBefore = await get(RNG_PAGE);
    const game = gameListResponse.parse(visitorBefore.json()).value.list[3];
    if (!game) throw new Error('no fourth game');
    const added = await alice.client.call('POST', CATALOGUE_PATHS.addFavoriteGame, {
      token: alice.token,
      body: { nodeId: game.nodeId, gameType: game.gameType },
    });
    expect(added.statusCode, added.body).toBe(200);

    const starred = (list: { nodeId: number; isFavorite: boolean }[]) => list.filter((item) => item.isFavorite).map((item) => item.nodeId);
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    expect(starred((await listOf(RNG_PAGE, bearer(alice.token))).list)).toEqual([game.nodeId]);
    expect(starred((await listOf(RNG_PAGE, bearer(bob.token))).list)).toEqual([]);
    const memberPath = RNG_PAGE.replace(CATALOGUE_PATHS.gameListPublic, CATALOGUE_PATHS.gameList);
    expect(starred((await listOf(memberPath, bearer(alice.token))).list)).toEqual([game.nodeId]);
    // The member's answer is theirs: its own ETag, private, no 304 from a visitor's tag.
    const aliceAnswer = await get(RNG_PAGE, { ...bearer(alice.token), 'if-none-match': String(visitorBefore.headers.etag) });
    expect(aliceAnswer.statusCode).toBe(200);
    expect(aliceAnswer.headers.etag).not.toBe(visitorBefore.headers.etag);
    expect(aliceAnswer.headers['cache-control']).toBe('private, no-cache');
    expect((await get(RNG_PAGE, { ...bearer(alice.token), 'if-none-match': String(aliceAnswer.headers.etag) })).statusCode).toBe(304);
    // Bob has no star on this page: the visitor's bytes, sent private.
    const bobAnswer = await get(RNG_PAGE, bearer(bob.token));
    expect(bobAnswer.body).toBe(visitorBefore.body);
    expect(bobAnswer.headers['cache-control']).toBe('private, no-cache');
    // The shared page is untouched: a visitor still gets the same bytes, without stars.
    const visitorAfter = await get(RNG_PAGE);
    expect(visitorAfter.body).toBe(visitorBefore.body);
    expect(starred(gameListResponse.parse(visitorAfter.json()).value.list)).toEqual([]);
    // An unknown token browses as a visitor.
    expect(starred((await listOf(RNG_PAGE, bearer('x'.repeat(43)))).list)).toEqual([]);

    const removed = await alice.client.call('DELETE', `${CATALOGUE_PATHS.removeFavoriteGame}?nodeId=${game.nodeId}`, {
      token: alice.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(starred((await listOf(RNG_PAGE, bearer(alice.token))).list)).toEqual([]);
  });

  it('keeps languages apart: names by the content language, the message by the request language', async () => {
    const [first] = (await listOf(RNG_PAGE)).list;
    if (!first) throw new Error('no game');
    await t.app.db
      .update(games)
      .set({ displayNames: { BN: 'বাংলা শিরোনাম', EN: 'English Title', SW: 'Jina la Kiswahili' } })
      .where(eq(games.id, first.nodeId));
    // A change made behind the operator API: empty the caches as the operator routes do.
    clearCatalogueCaches(t.app.db);

    const answer = async (headers: Record<string, string>, url = RNG_PAGE) => {
      const response = await get(url, headers);
      const body = gameListResponse.parse(response.json());
      return { message: body.message, name: body.value.list.find((item) => item.nodeId === first.nodeId)?.displayName };
    };
    expect(await answer({ language: 'EN' })).toEqual({ message: 'Success', name: 'English Title' });
    expect(await answer({ language: 'BN' })).toEqual({ message: 'সফল', name: 'বাংলা শিরোনাম' });
    expect(await answer({ language: 'SW' })).toEqual({ message: 'Imefanikiwa', name: 'Jina la Kiswahili' });
    expect(await answer({ language: 'EN' }, `${RNG_PAGE}&language=BN`)).toEqual({ message: 'Success', name: 'বাংলা শিরোনাম' });
    expect(await answer({ language: 'EN' })).toEqual({ message: 'Success', name: 'English Title' });
    const english = await get(CATALOGUE_PATHS.gameMenus, { language: 'EN' });
    const bangla = await get(CATALOGUE_PATHS.gameMenus, { language: 'BN' });
    expect(gameMenusResponse.parse(english.json()).message).toBe('Success');
    expect(gameMenusResponse.parse(bangla.json()).message).toBe('সফল');
    expect(bangla.headers.etag).not.toBe(english.headers.etag);
    expect((await get(CATALOGUE_PATHS.gameMenus, { language: 'BN', 'if-none-match': String(english.headers.etag) })).statusCode).toBe(200);
  });

  it('keeps merchants apart: the same query on another merchant answers from its own catalogue', async () => {
    const other = await createMerchant(t.app.db);
    const [lane] = await t.app.db
      .select({ id: vendorCategories.id })
      .from(vendorCategories)
      .innerJoin(vendors, eq(vendors.id, vendorCategories.vendorId))
      .where(and(eq(vendors.code, 'PT'), eq(vendorCategories.category, 'RNG')));
    if (!lane) throw new Error('no PT RNG lane');
    await t.app.db.insert(merchantVendorCategories).values({ merchantId: other.merchant.id, vendorCategoryId: lane.id });

    const ours = await listOf(RNG_PAGE);
    expect(ours.list.some((item) => item.vassalage !== 'PT')).toBe(true);
    const theirs = await listOf(RNG_PAGE, {}, other.host);
    expect(theirs.list.length).toBeGreaterThan(0);
    expect(theirs.list.every((item) => item.vassalage === 'PT')).toBe(true);
    expect(theirs.total).toBeLessThan(ours.total);
    expect(await listOf(RNG_PAGE)).toEqual(ours);

    const menusOf = async (onHost: string) =>
      gameMenusResponse
        .parse((await get(CATALOGUE_PATHS.gameMenus, {}, onHost)).json())
        .value.menus.flatMap((menu) => menu.vendors.map((vendor) => `${menu.gameType}:${vendor.vassalage}`));
    expect((await menusOf(host)).length).toBeGreaterThan(1);
    expect(await menusOf(other.host)).toEqual(['RNG:PT']);
    const lanesOf = async (onHost: string) =>
      newGameVendorResponse
        .parse((await get(CATALOGUE_PATHS.newGameVendor, {}, onHost)).json())
        .value.data.lanes.flatMap((item) => item.cards.map((card) => card.vassalage));
    expect(new Set(await lanesOf(other.host))).toEqual(new Set(['PT']));
    expect((await lanesOf(host)).some((vendor) => vendor !== 'PT')).toBe(true);
    const hotOf = async (onHost: string) =>
      hotGamesResponse.parse((await get(CATALOGUE_PATHS.hotGames, {}, onHost)).json()).value.list.map((item) => item.vassalage);
    expect((await hotOf(other.host)).every((vendor) => vendor === 'PT')).toBe(true);
    expect((await hotOf(host)).some((vendor) => vendor !== 'PT')).toBe(true);
    const boardOf = async (onHost: string) =>
      rankListResponse
        .parse((await get(`${CATALOGUE_PATHS.rankList}?gameCategory=ALL&limitNum=20`, {}, onHost)).json())
        .value.list.map((entry) => entry.vo.vassalage);
    expect((await boardOf(other.host)).every((vendor) => vendor === 'PT')).toBe(true);
    expect((await boardOf(host)).some((vendor) => vendor !== 'PT')).toBe(true);
  });
});
