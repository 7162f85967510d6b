import {
  CATALOGUE_PATHS,
  gameListQuery,
  gameListResponse,
  hotGamesQuery,
  hotGamesResponse,
  newGameVendorQuery,
  newGameVendorResponse,
  vassGameTypeQuery,
  vassGameTypeResponse,
} from '@kismat/contracts/catalogue';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { defineRoutes } from '../../platform/route';
import { errors, type GameListReplies, tags } from './game-list-replies';
import { listHotGames } from './list-hot-games';
import { groupVendorLanes, listVendorCards } from './list-vendor-lanes';

/** Game lists (visitor and member), vendor lanes, a vendor's game types and the hot games. */
export async function gamePageRoutes(app: FastifyInstance, replies: GameListReplies): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { laneCache, lanesReplyCache, hotCache, sessions, memberReadOptions, languageOf, replyKey, answerGameList, sendShared } = replies;

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
    memberReadOptions('The game list query (filters ALL, NEW, HOT, FAV, RECENT)', gameListQuery, gameListResponse),
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

  const route = defineRoutes(routes, { tags });
  route.get(
    CATALOGUE_PATHS.vassGameType,
    {
      summary: 'The game types (categories) a vendor is offered in',
      querystring: vassGameTypeQuery,
      response: vassGameTypeResponse,
      preValidation: sessions.requireMember,
    },
    async (request) => {
      const cards = await laneCache.get(request.merchant.id, () => listVendorCards(app.db, request.merchant.id, app.now()));
      const vendor = request.query.vassalage?.toUpperCase();
      const list = cards
        .filter((card) => !vendor || card.vassalage === vendor)
        .map((card) => ({ vassalage: card.vassalage, gameType: card.gameType, displayName: card.displayName, gameCount: card.gameCount }));
      return { list };
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
}
