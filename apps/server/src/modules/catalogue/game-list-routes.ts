import { randomInt } from 'node:crypto';
import {
  CATALOGUE_PATHS,
  favoriteGameBody,
  favoriteGameIdsResponse,
  favoriteGameResponse,
  favoriteGamesListQuery,
  favoriteGamesListResponse,
  type GameListQuery,
  type GamePage,
  gameListQuery,
  gameListResponse,
  gameMenuQuery,
  gameMenuResponse,
  hotGamesQuery,
  hotGamesResponse,
  jackpotResponse,
  newGameVendorQuery,
  newGameVendorResponse,
  rankListQuery,
  rankListResponse,
  recentGamesQuery,
  recentGamesResponse,
  recentMenuResponse,
  removeFavoriteGameQuery,
  vassGameTypeQuery,
  vassGameTypeResponse,
} from '@kismat/contracts/catalogue';
import { errorEnvelope } from '@kismat/contracts/envelope';
import type { Language } from '@kismat/contracts/languages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { requireMember } from '../../platform/policy';
import { addFavouriteGame } from './add-favourite-game';
import { trackCatalogueCache } from './catalogue-caches';
import { getGameMenus } from './get-game-menus';
import { getNavMenu } from './get-nav-menu';
import { type ListGamesInput, listGames } from './list-games';
import { listHotGames } from './list-hot-games';
import { groupVendorLanes, listVendorCards, type VendorLaneRow } from './list-vendor-lanes';
import { buildDemoWinners, listWinners } from './list-winners';
import { type MemberReplyCache, memberReadCaches } from './member-read-caches';
import { type PreparedReply, PreparedVariants, preparedReplyCache, prepareReply, sendPrepared } from './prepared-reply';
import { removeFavouriteGame } from './remove-favourite-game';
import { SessionReadCache } from './session-read-cache';
import { TtlCache } from './ttl-cache';

// Public reads are cached briefly per process: the catalogue changes by operator action only,
// and a few seconds of staleness is what lets a node serve the home page without the database.
const PUBLIC_CACHE_MS = 3000;
const WINNERS_CACHE_MS = 10_000;

const tags = ['games'];
const bearer = [{ bearer: [] }];
const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

/** Game lists, vendor lanes, hot games, favourites, recent games and the winner board. */
export async function registerGameListRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const track = <T extends { clear(): void }>(cache: T) => trackCatalogueCache(app.db, cache);
  // Public answers are kept serialised per (merchant, language, query): a hit sends stored bytes.
  const menuCache = track(preparedReplyCache<null>(PUBLIC_CACHE_MS));
  const pageCache = track(preparedReplyCache<GamePage>(PUBLIC_CACHE_MS));
  const laneCache = track(new TtlCache<number, VendorLaneRow[]>(PUBLIC_CACHE_MS));
  const lanesReplyCache = track(preparedReplyCache<null>(PUBLIC_CACHE_MS));
  const hotCache = track(preparedReplyCache<null>(PUBLIC_CACHE_MS, 1000));
  const winnersCache = track(preparedReplyCache<null>(WINNERS_CACHE_MS, 1000));
  // Logged-in reads: the verified session, the member's favourite ids and own pages (favourites,
  // recent games), briefly per process; forgotten at once on this node when the member adds or
  // removes a favourite or launches a game.
  const sessions = new SessionReadCache();
  const { favouriteIds: favourites, favouritePages, recentPages } = memberReadCaches(app.db);
  /** After a favourite change has committed: everything of the member that shows stars. */
  const forgetFavourites = (memberId: number) => {
    favourites.forget(memberId);
    favouritePages.forget(memberId);
    recentPages.forget(memberId);
  };
  // A member's page = the shared page with their stars: kept serialised per set of stars on it.
  const starredPages = new PreparedVariants<GamePage>();

  const languageOf = (request: FastifyRequest, query: { language?: Language | undefined }): Language => query.language ?? request.language;

  /** The merchant's cached reply for `parts` in the request's language (the envelope's message is in it too). */
  const replyKey = (request: FastifyRequest, ...parts: unknown[]) => JSON.stringify([request.merchant.id, request.language, ...parts]);

  /**
   * A member's own page (FAV or RECENT), kept serialised per (member, route, query) in `cache`
   * and sent private. `shape` turns the page into the route's value.
   */
  async function sendMemberPage(
    request: FastifyRequest,
    reply: FastifyReply,
    cache: MemberReplyCache<GamePage>,
    input: ListGamesInput & { memberId: number },
    shape: (page: GamePage) => unknown = (page) => page,
  ): Promise<FastifyReply> {
    const key = replyKey(
      request,
      request.routeOptions.url,
      input.language,
      input.gameType,
      input.vassalage?.toUpperCase(),
      input.classify,
      input.pageNo,
      input.pageSize,
    );
    const prepared = await cache.get(input.memberId, key, async () => {
      const page = await listGames(app.db, input);
      return prepareReply(reply, page, ok(request, shape(page)));
    });
    return sendPrepared(request, reply, prepared, 'private, no-cache');
  }

  /**
   * The game list for visitors and members. Member-independent pages (ALL, NEW, HOT without a
   * keyword) come from the cache, serialised once; a member gets their favourite flags laid
   * over the shared page from their cached favourite ids: no stars on the page, the shared bytes;
   * else the starred variant, serialised once per (page, stars). A member's FAV and RECENT pages
   * are kept per member; keyword searches are answered from the database.
   */
  async function answerGameList(
    request: FastifyRequest,
    reply: FastifyReply,
    query: GameListQuery,
    memberId: number | null,
  ): Promise<FastifyReply | ReturnType<typeof ok<GamePage>>> {
    const input = {
      merchantId: request.merchant.id,
      memberId,
      language: languageOf(request, query),
      gameType: query.gameType,
      vassalage: query.vassalage,
      classify: query.gameClassify,
      keyword: query.keyword,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      now: app.now(),
    };
    const isShared = (query.gameClassify === 'ALL' || query.gameClassify === 'NEW' || query.gameClassify === 'HOT') && !query.keyword;
    if (!isShared) {
      const { classify } = input;
      if (memberId !== null && !query.keyword && (classify === 'FAV' || classify === 'RECENT')) {
        return sendMemberPage(request, reply, classify === 'FAV' ? favouritePages : recentPages, { ...input, memberId });
      }
      return ok(request, await listGames(app.db, input));
    }
    const key = replyKey(
      request,
      input.language,
      input.gameType,
      input.vassalage?.toUpperCase(),
      input.classify,
      input.pageNo,
      input.pageSize,
    );
    const shared = await pageCache.get(key, async () => {
      const page = await listGames(app.db, { ...input, memberId: null });
      return prepareReply(reply, page, ok(request, page));
    });
    if (memberId === null) return sendPrepared(request, reply, shared);
    const { set } = await favourites.get(memberId);
    const page = shared.value;
    const starred = page.list.filter((game) => set.has(game.nodeId)).map((game) => game.nodeId);
    if (starred.length === 0) return sendPrepared(request, reply, shared, 'private, no-cache');
    const variant = starredPages.get(shared, starred.join(','), () => {
      const stars = new Set(starred);
      const value = { ...page, list: page.list.map((game) => ({ ...game, isFavorite: stars.has(game.nodeId) })) };
      return prepareReply(reply, value, ok(request, value));
    });
    return sendPrepared(request, reply, variant, 'private, no-cache');
  }

  /** Sends the cached reply of `key`, preparing it from `load` on a miss. */
  async function sendShared(
    request: FastifyRequest,
    reply: FastifyReply,
    cache: TtlCache<string, PreparedReply<null>>,
    key: string,
    load: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    const prepared = await cache.get(key, async () => prepareReply(reply, null, ok(request, await load())));
    return sendPrepared(request, reply, prepared);
  }

  routes.get(
    CATALOGUE_PATHS.gameMenu,
    {
      schema: {
        tags,
        summary: 'Header navigation: categories with vendors, in nav order, with drop-menu vendors',
        querystring: gameMenuQuery,
        response: { 200: gameMenuResponse },
      },
    },
    async (request, reply) =>
      sendShared(request, reply, menuCache, replyKey(request), async () => ({
        menus: getNavMenu(await getGameMenus(app.db, request.merchant.id, app.now())),
      })),
  );

  routes.get(
    CATALOGUE_PATHS.gameMenuRecent,
    {
      preValidation: sessions.requireMember,
      schema: {
        tags,
        summary: "The member's recently played games (newest first, at most 20)",
        security: bearer,
        querystring: gameMenuQuery,
        response: { 200: recentMenuResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendMemberPage(
        request,
        reply,
        recentPages,
        {
          merchantId: request.merchant.id,
          memberId: currentMember(request).id,
          language: languageOf(request, request.query),
          classify: 'RECENT',
          pageNo: 1,
          pageSize: 20,
          now: app.now(),
        },
        (page) => ({ list: page.list }),
      ),
  );

  routes.get(
    CATALOGUE_PATHS.gameListPublic,
    {
      schema: {
        tags,
        summary: 'Game list for visitors (a token, when sent, marks favourites; FAV and RECENT need one)',
        querystring: gameListQuery,
        response: { 200: gameListResponse, ...errors },
      },
    },
    async (request, reply) => answerGameList(request, reply, request.query, await sessions.optionalMemberId(request)),
  );

  routes.get(
    CATALOGUE_PATHS.gameList,
    {
      preValidation: sessions.requireMember,
      schema: {
        tags,
        summary: 'The game list query (filters ALL, NEW, HOT, FAV, RECENT)',
        security: bearer,
        querystring: gameListQuery,
        response: { 200: gameListResponse, ...errors },
      },
    },
    async (request, reply) => answerGameList(request, reply, request.query, currentMember(request).id),
  );

  routes.get(
    CATALOGUE_PATHS.newGameVendor,
    {
      schema: {
        tags,
        summary: 'Vendor lanes per category (value.data.lanes)',
        querystring: newGameVendorQuery,
        response: { 200: newGameVendorResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendShared(request, reply, lanesReplyCache, replyKey(request, request.query.gameType), async () => {
        const cards = await laneCache.get(request.merchant.id, () => listVendorCards(app.db, request.merchant.id, app.now()));
        return { data: { lanes: groupVendorLanes(cards, request.query.gameType) } };
      }),
  );

  routes.get(
    CATALOGUE_PATHS.vassGameType,
    {
      preValidation: sessions.requireMember,
      schema: {
        tags,
        summary: 'The game types (categories) a vendor is offered in',
        security: bearer,
        querystring: vassGameTypeQuery,
        response: { 200: vassGameTypeResponse, ...errors },
      },
    },
    async (request) => {
      const cards = await laneCache.get(request.merchant.id, () => listVendorCards(app.db, request.merchant.id, app.now()));
      const vendor = request.query.vassalage?.toUpperCase();
      const list = cards
        .filter((card) => !vendor || card.vassalage === vendor)
        .map((card) => ({ vassalage: card.vassalage, gameType: card.gameType, displayName: card.displayName, gameCount: card.gameCount }));
      return ok(request, { list });
    },
  );

  routes.get(
    CATALOGUE_PATHS.hotGames,
    {
      schema: {
        tags,
        summary: 'Hot games for the home carousel (value.list)',
        querystring: hotGamesQuery,
        response: { 200: hotGamesResponse, ...errors },
      },
    },
    async (request, reply) => {
      const language = languageOf(request, request.query);
      const vassalage = request.query.vassalage?.toUpperCase();
      return sendShared(request, reply, hotCache, replyKey(request, language, vassalage), async () => ({
        list: await listHotGames(app.db, { merchantId: request.merchant.id, language, vassalage, now: app.now() }),
      }));
    },
  );

  routes.get(
    CATALOGUE_PATHS.favoriteGameIds,
    {
      preValidation: sessions.requireMember,
      schema: {
        tags,
        summary: "The member's favourite game ids (nodeIds), newest first",
        security: bearer,
        response: { 200: favoriteGameIdsResponse, ...errors },
      },
    },
    async (request) => ok(request, { ids: [...(await favourites.get(currentMember(request).id)).ids] }),
  );

  routes.get(
    CATALOGUE_PATHS.favoriteGamesList,
    {
      preValidation: sessions.requireMember,
      schema: {
        tags,
        summary: "The member's favourite games (pageSize 999)",
        security: bearer,
        querystring: favoriteGamesListQuery,
        response: { 200: favoriteGamesListResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendMemberPage(request, reply, favouritePages, {
        merchantId: request.merchant.id,
        memberId: currentMember(request).id,
        language: languageOf(request, request.query),
        gameType: request.query.gameType,
        classify: 'FAV',
        pageNo: request.query.pageNo,
        pageSize: request.query.pageSize,
        now: app.now(),
      }),
  );

  routes.post(
    CATALOGUE_PATHS.addFavoriteGame,
    {
      preValidation: requireMember,
      schema: {
        tags,
        summary: 'Adds a favourite game (adding twice keeps one)',
        security: bearer,
        body: favoriteGameBody,
        response: { 200: favoriteGameResponse, ...errors },
      },
    },
    async (request) => {
      const memberId = currentMember(request).id;
      await addFavouriteGame(app.db, { memberId, ...request.body, now: app.now() });
      forgetFavourites(memberId);
      return ok(request, { nodeId: request.body.nodeId, isFavorite: true });
    },
  );

  routes.delete(
    CATALOGUE_PATHS.removeFavoriteGame,
    {
      preValidation: requireMember,
      schema: {
        tags,
        summary: 'Removes a favourite game (query nodeId; removing a missing one is OK)',
        security: bearer,
        querystring: removeFavoriteGameQuery,
        response: { 200: favoriteGameResponse, ...errors },
      },
    },
    async (request) => {
      const memberId = currentMember(request).id;
      await removeFavouriteGame(app.db, { memberId, nodeId: request.query.nodeId });
      forgetFavourites(memberId);
      return ok(request, { nodeId: request.query.nodeId, isFavorite: false });
    },
  );

  routes.get(
    CATALOGUE_PATHS.recentGames,
    {
      preValidation: sessions.requireMember,
      schema: {
        tags,
        summary: 'Recently played games, newest first (page size 20)',
        security: bearer,
        querystring: recentGamesQuery,
        response: { 200: recentGamesResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendMemberPage(request, reply, recentPages, {
        merchantId: request.merchant.id,
        memberId: currentMember(request).id,
        language: languageOf(request, request.query),
        gameType: request.query.gameType,
        classify: 'RECENT',
        pageNo: request.query.page,
        pageSize: request.query.pageSize,
        now: app.now(),
      }),
  );

  routes.get(
    CATALOGUE_PATHS.rankList,
    {
      schema: {
        tags,
        summary: 'Winner board: largest recent net wins (isDemo when nobody has won yet)',
        querystring: rankListQuery,
        response: { 200: rankListResponse, ...errors },
      },
    },
    async (request, reply) => {
      const language = languageOf(request, request.query);
      const { gameCategory, limitNum } = request.query;
      const merchantId = request.merchant.id;
      return sendShared(request, reply, winnersCache, replyKey(request, language, gameCategory, limitNum), async () => {
        const now = app.now();
        const list = await listWinners(app.db, { merchantId, category: gameCategory, language, limit: limitNum, now });
        if (list.length > 0) return { list, isDemo: false };
        const hot = await listHotGames(app.db, { merchantId, language, now });
        const candidates = gameCategory === 'ALL' ? hot : hot.filter((game) => game.gameType === gameCategory);
        return { list: buildDemoWinners(candidates, limitNum, now), isDemo: true };
      });
    },
  );

  routes.get(
    CATALOGUE_PATHS.jackpot,
    {
      schema: { tags, summary: 'A starting figure for the decorative jackpot ticker (spec section 9)', response: { 200: jackpotResponse } },
    },
    // Decorative by the spec: a random start between 100,000,000 and 1,000,000,000, not a pool.
    async (request) => ok(request, { amount: `${randomInt(100_000_000, 1_000_000_000)}.00`, isDecorative: true as const }),
  );
}
