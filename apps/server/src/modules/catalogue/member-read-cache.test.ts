import {
  CATALOGUE_PATHS,
  favoriteGameIdsResponse,
  gameListResponse,
  LAUNCH_PATHS,
  recentGamesResponse,
  recentMenuResponse,
} from '@kismat/contracts/catalogue';
import { MEMBER_PATHS } from '@kismat/contracts/member';
import { SESSION_PATHS } from '@kismat/contracts/session';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { members } from '../../db/schema/accounts';
import { gameFavourites } from '../../db/schema/games';
import type { TestApp } from '../../test/build-test-app';
import { createMerchant } from '../../test/factories';
import { createFundedMember, useDefaultSite } from '../../test/vendor-test-kit';
import { FAVOURITES_READ_TTL_MS } from './favourite-ids-cache';
import { SESSION_READ_TTL_MS } from './session-read-cache';

const RNG_PAGE = 'gameType=RNG&pageNo=1&pageSize=20&gameClassify=ALL';
const MEMBER_LIST = `${CATALOGUE_PATHS.gameList}?${RNG_PAGE}`;
const PUBLIC_LIST = `${CATALOGUE_PATHS.gameListPublic}?${RNG_PAGE}`;

describe('catalogue: logged-in reads remember the session and the favourites briefly', () => {
  let t: TestApp;
  let host: string;
  useDefaultSite((site) => {
    ({ t, host } = site);
  });
  afterEach(() => vi.restoreAllMocks());

  const get = (url: string, token?: string, onHost = host) =>
    t.app.inject({ url, headers: { host: onHost, language: 'EN', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  /** Moves the process clock the read caches use (Date.now) forward; the app's clock is untouched. */
  const skipAhead = (ms: number) => {
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + ms);
  };
  const starredOn = async (url: string, token: string) =>
    gameListResponse
      .parse((await get(url, token)).json())
      .value.list.filter((game) => game.isFavorite)
      .map((game) => game.nodeId);

  it('a logged-out token is refused by the catalogue once the remembered verification lapses, elsewhere at once', async () => {
    const alice = await createFundedMember(t.app, 0n);
    const [first] = gameListResponse.parse((await get(MEMBER_LIST, alice.token)).json()).value.list;
    if (!first) throw new Error('no game');
    await alice.client.call('POST', CATALOGUE_PATHS.addFavoriteGame, { token: alice.token, body: { nodeId: first.nodeId } });
    expect(await starredOn(PUBLIC_LIST, alice.token)).toEqual([first.nodeId]);

    expect((await alice.client.call('DELETE', SESSION_PATHS.logout, { token: alice.token })).statusCode).toBe(200);
    expect((await get(MEMBER_PATHS.info, alice.token)).statusCode).toBe(401);

    skipAhead(SESSION_READ_TTL_MS + 1);
    expect((await get(MEMBER_LIST, alice.token)).statusCode).toBe(401);
    expect((await get(CATALOGUE_PATHS.favoriteGameIds, alice.token)).statusCode).toBe(401);
    // The public list takes the revoked token for a visitor's: no stars.
    const asVisitor = await get(PUBLIC_LIST, alice.token);
    expect(asVisitor.statusCode).toBe(200);
    expect(gameListResponse.parse(asVisitor.json()).value.list.some((game) => game.isFavorite)).toBe(false);
  });

  it('refusals are never remembered, and a remembered session holds only on its own merchant', async () => {
    const bob = await createFundedMember(t.app, 0n);
    expect((await get(MEMBER_LIST, 'x'.repeat(43))).statusCode).toBe(401);

    await t.app.db.update(members).set({ status: 'FROZEN' }).where(eq(members.id, bob.member.id));
    expect((await get(MEMBER_LIST, bob.token)).statusCode).toBe(403);
    await t.app.db.update(members).set({ status: 'ACTIVE' }).where(eq(members.id, bob.member.id));
    expect((await get(MEMBER_LIST, bob.token)).statusCode).toBe(200);

    // Remembered now; another merchant's site still treats the token as unknown.
    const other = await createMerchant(t.app.db);
    expect((await get(MEMBER_LIST, bob.token, other.host)).statusCode).toBe(401);
    expect((await get(MEMBER_LIST, bob.token)).statusCode).toBe(200);
  });

  it("a member's own favourite changes show at once; changes made elsewhere within the favourites' lifetime", async () => {
    const carol = await createFundedMember(t.app, 0n);
    const page = gameListResponse.parse((await get(MEMBER_LIST, carol.token)).json()).value.list;
    const [one, two] = page;
    if (!one || !two) throw new Error('not enough games');
    const ids = async () => favoriteGameIdsResponse.parse((await get(CATALOGUE_PATHS.favoriteGameIds, carol.token)).json()).value.ids;
    expect(await ids()).toEqual([]);

    await carol.client.call('POST', CATALOGUE_PATHS.addFavoriteGame, { token: carol.token, body: { nodeId: one.nodeId } });
    expect(await ids()).toEqual([one.nodeId]);
    expect(await starredOn(MEMBER_LIST, carol.token)).toEqual([one.nodeId]);

    // Another node adds one (a row written behind this node's back): shown once the ids lapse.
    await t.app.db.insert(gameFavourites).values({ memberId: carol.member.id, gameId: two.nodeId, createdAt: new Date(Date.now() + 1000) });
    expect(await ids()).toEqual([one.nodeId]);
    skipAhead(Math.max(FAVOURITES_READ_TTL_MS, SESSION_READ_TTL_MS) + 1);
    expect(await ids()).toEqual([two.nodeId, one.nodeId]);
    const expected = page.filter((game) => game.nodeId === one.nodeId || game.nodeId === two.nodeId).map((game) => game.nodeId);
    expect(await starredOn(MEMBER_LIST, carol.token)).toEqual(expected);
    expect(await starredOn(PUBLIC_LIST, carol.token)).toEqual(expected);

    await carol.client.call('DELETE', `${CATALOGUE_PATHS.removeFavoriteGame}?nodeId=${one.nodeId}`, { token: carol.token });
    expect(await ids()).toEqual([two.nodeId]);
    expect(await starredOn(MEMBER_LIST, carol.token)).toEqual([two.nodeId]);
  });

  it("a member's favourites and recent games pages are kept, and change at once with a favourite or a launch", async () => {
    const dave = await createFundedMember(t.app, 0n);
    const [one, two] = gameListResponse.parse((await get(MEMBER_LIST, dave.token)).json()).value.list;
    if (!one || !two) throw new Error('not enough games');
    const favouritesPage = async () =>
      gameListResponse.parse((await get(CATALOGUE_PATHS.favoriteGamesList, dave.token)).json()).value.list.map((game) => game.nodeId);
    const favFilter = async () =>
      gameListResponse
        .parse((await get(`${CATALOGUE_PATHS.gameList}?gameClassify=FAV`, dave.token)).json())
        .value.list.map((game) => game.nodeId);
    const recent = async () =>
      recentGamesResponse.parse((await get(CATALOGUE_PATHS.recentGames, dave.token)).json()).value.list.map((game) => game.nodeId);
    const recentMenu = async () =>
      recentMenuResponse.parse((await get(CATALOGUE_PATHS.gameMenuRecent, dave.token)).json()).value.list.map((game) => game.nodeId);
    const recentStars = async () =>
      recentGamesResponse
        .parse((await get(CATALOGUE_PATHS.recentGames, dave.token)).json())
        .value.list.filter((game) => game.isFavorite)
        .map((game) => game.nodeId);
    expect([await favouritesPage(), await favFilter(), await recent(), await recentMenu()]).toEqual([[], [], [], []]);

    await dave.client.call('POST', CATALOGUE_PATHS.addFavoriteGame, { token: dave.token, body: { nodeId: one.nodeId } });
    expect(await favouritesPage()).toEqual([one.nodeId]);
    expect(await favFilter()).toEqual([one.nodeId]);

    const launched = await dave.client.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${two.nodeId}`, { token: dave.token });
    expect(launched.statusCode, launched.body).toBe(200);
    expect(await recent()).toEqual([two.nodeId]);
    expect(await recentMenu()).toEqual([two.nodeId]);
    expect(await recentStars()).toEqual([]);
    // Starring a recent game shows on the recent page at once too.
    await dave.client.call('POST', CATALOGUE_PATHS.addFavoriteGame, { token: dave.token, body: { nodeId: two.nodeId } });
    expect(await recentStars()).toEqual([two.nodeId]);

    await dave.client.call('DELETE', `${CATALOGUE_PATHS.removeFavoriteGame}?nodeId=${one.nodeId}`, { token: dave.token });
    expect(await favouritesPage()).toEqual([two.nodeId]);
    expect(await favFilter()).toEqual([two.nodeId]);
    // Another member's pages are their own.
    const erin = await createFundedMember(t.app, 0n);
    expect(gameListResponse.parse((await get(CATALOGUE_PATHS.favoriteGamesList, erin.token)).json()).value.list).toEqual([]);
  });
});
