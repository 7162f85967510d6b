import {
  CATALOGUE_PATHS,
  favoriteGameBody,
  favoriteGameIdsResponse,
  favoriteGameResponse,
  favoriteGamesListQuery,
  favoriteGamesListResponse,
  recentGamesQuery,
  recentGamesResponse,
  removeFavoriteGameQuery,
} from '@kismat/contracts/catalogue';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { requireMember } from '../../platform/policy';
import { addFavouriteGame } from './add-favourite-game';
import { bearer, errors, type GameListReplies, tags } from './game-list-replies';
import { removeFavouriteGame } from './remove-favourite-game';

/** A member's own games: favourites (ids, list, add, remove) and recently played. */
export async function memberGameRoutes(app: FastifyInstance, replies: GameListReplies): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { sessions, favourites, favouritePages, recentPages, forgetFavourites, languageOf, sendMemberPage } = replies;

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
}
