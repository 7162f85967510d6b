import type { GameListQuery, GamePage, WinnerEntry } from '@kismat/contracts/catalogue';
import type { GameCategory } from '@kismat/contracts/constants';
import { errorEnvelope } from '@kismat/contracts/envelope';
import type { Language } from '@kismat/contracts/languages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import type { SessionRevocation } from '../../platform/realtime/realtime-hub';
import { clearCatalogueCaches, trackCatalogueCache } from './catalogue-caches';
import { type ListGamesInput, listGames } from './list-games';
import type { VendorLaneRow } from './list-vendor-lanes';
import { type MemberReplyCache, memberReadCaches } from './member-read-caches';
import { type PreparedReply, PreparedVariants, preparedReplyCache, prepareReply, sendPrepared } from './prepared-reply';
import { SessionReadCache } from './session-read-cache';
import { TtlCache } from './ttl-cache';

// Public reads are cached briefly per process: the catalogue changes by operator action only,
// and a few seconds of staleness is what lets a node serve the home page without the database.
const PUBLIC_CACHE_MS = 3000;
const WINNERS_CACHE_MS = 10_000;

export const tags = ['games'];
export const bearer = [{ bearer: [] }];
export const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

/** Which of the member's own game pages a route sends: favourites or recently played, of one game type and language. */
interface MemberPageQuery {
  classify: 'FAV' | 'RECENT';
  language?: Language | undefined;
  gameType?: GameCategory | undefined;
  pageNo: number;
  pageSize: number;
}

/**
 * What the game-list route files share: the per-process caches of public and member reads and
 * the helpers that answer from them. One instance per app, so a favourite change forgets the
 * member's cached pages for every route that shows stars.
 */
export function createGameListReplies(app: FastifyInstance) {
  const track = <T extends { clear(): void }>(cache: T) => trackCatalogueCache(app.db, cache);
  // Public answers are kept serialised per (merchant, language, query): a hit sends stored bytes.
  const menuCache = track(preparedReplyCache<null>(PUBLIC_CACHE_MS));
  const pageCache = track(preparedReplyCache<GamePage>(PUBLIC_CACHE_MS));
  const laneCache = track(new TtlCache<number, VendorLaneRow[]>(PUBLIC_CACHE_MS));
  const lanesReplyCache = track(preparedReplyCache<null>(PUBLIC_CACHE_MS));
  const hotCache = track(preparedReplyCache<null>(PUBLIC_CACHE_MS, 1000));
  const winnersCache = track(preparedReplyCache<null>(WINNERS_CACHE_MS, 1000));
  // The board's rows at its largest size, per (merchant, language, category): every limitNum of one
  // category is a slice of one read, so a cold cache costs one sort of the month's wins per
  // category and language, not one per limit (issue 16: the miss sorts every win of 30 days).
  const boardCache = track(new TtlCache<string, WinnerEntry[]>(WINNERS_CACHE_MS, 200));
  // Logged-in reads: the verified session, the member's favourite ids and own pages (favourites,
  // recent games), briefly per process; forgotten at once on this node when the member adds or
  // removes a favourite or launches a game.
  const sessions = new SessionReadCache();
  // Every node: a revoked session is verified again at once; an operator's catalogue change empties
  // these caches (the node that made it announces it, operator/catalogue-routes.ts).
  app.clusterNotices.on('revoke', (revocation) => sessions.forgetRevoked(revocation as SessionRevocation));
  app.clusterNotices.on('catalogue', () => clearCatalogueCaches(app.db));
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
  /** What picks a game-list page (the vendor code in upper case): the key parts of its cached reply. */
  const pageKeyParts = (input: ListGamesInput) => [
    input.language,
    input.gameType,
    input.vassalage?.toUpperCase(),
    input.classify,
    input.pageNo,
    input.pageSize,
  ];

  /** The signed-in member's own page (FAV or RECENT) of `query`, as listGames reads it. */
  const memberPageInput = (request: FastifyRequest, query: MemberPageQuery) => ({
    merchantId: request.merchant.id,
    memberId: currentMember(request).id,
    language: languageOf(request, query),
    gameType: query.gameType,
    classify: query.classify,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    now: app.now(),
  });

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
    const key = replyKey(request, request.routeOptions.url, ...pageKeyParts(input));
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
    const key = replyKey(request, ...pageKeyParts(input));
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

  /** A raw route's options (it sends prepared replies) for a signed-in member's read: the session checked, documented with the bearer and the usual errors. */
  const memberReadOptions = <Query, Response>(summary: string, querystring: Query, response: Response) => ({
    preValidation: sessions.requireMember,
    schema: { tags, summary, security: bearer, querystring, response: { 200: response, ...errors } },
  });

  return {
    menuCache,
    laneCache,
    lanesReplyCache,
    hotCache,
    winnersCache,
    boardCache,
    sessions,
    favourites,
    favouritePages,
    recentPages,
    forgetFavourites,
    languageOf,
    replyKey,
    memberPageInput,
    sendMemberPage,
    answerGameList,
    sendShared,
    memberReadOptions,
  };
}

export type GameListReplies = ReturnType<typeof createGameListReplies>;
