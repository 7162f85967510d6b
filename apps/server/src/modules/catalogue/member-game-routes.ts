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
import { requireMember } from '../../platform/policy';
import { defineRoutes } from '../../platform/route';
import { addFavouriteGame } from './add-favourite-game';
import { type GameListReplies, tags } from './game-list-replies';
import { removeFavouriteGame } from './remove-favourite-game';

/** A member's own games: favourites (ids, list, add, remove) and recently played. */
export async function memberGameRoutes(app: FastifyInstance, replies: GameListReplies): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { sessions, memberReadOptions, favourites, favouritePages, recentPages, forgetFavourites, memberPageInput, sendMemberPage } =
    replies;

  const route = defineRoutes(routes, { tags });
  route.get(
    CATALOGUE_PATHS.favoriteGameIds,
    {
      summary: "The member's favourite game ids (nodeIds), newest first",
      response: favoriteGameIdsResponse,
      preValidation: sessions.requireMember,
    },
    async (request) => ({ ids: [...(await favourites.get(currentMember(request).id)).ids] }),
  );

  routes.get(
    CATALOGUE_PATHS.favoriteGamesList,
    memberReadOptions("The member's favourite games (pageSize 999)", favoriteGamesListQuery, favoriteGamesListResponse),
    async (request, reply) =>
      sendMemberPage(request, reply, favouritePages, memberPageInput(request, { ...request.query, classify: 'FAV' })),
  );

  route.post(
    CATALOGUE_PATHS.addFavoriteGame,
    {
      summary: 'Adds a favourite game (adding twice keeps one)',
      body: favoriteGameBody,
      response: favoriteGameResponse,
      preValidation: requireMember,
    },
    async (request) => {
      const memberId = currentMember(request).id;
      await addFavouriteGame(app.db, { memberId, ...request.body, now: app.now() });
      forgetFavourites(memberId);
      return { nodeId: request.body.nodeId, isFavorite: true };
    },
  );

  route.delete(
    CATALOGUE_PATHS.removeFavoriteGame,
    {
      summary: 'Removes a favourite game (query nodeId; removing a missing one is OK)',
      querystring: removeFavoriteGameQuery,
      response: favoriteGameResponse,
      preValidation: requireMember,
    },
    async (request) => {
      const memberId = currentMember(request).id;
      await removeFavouriteGame(app.db, { memberId, nodeId: request.query.nodeId });
      forgetFavourites(memberId);
      return { nodeId: request.query.nodeId, isFavorite: false };
    },
  );

  routes.get(
    CATALOGUE_PATHS.recentGames,
    memberReadOptions('Recently played games, newest first (page size 20)', recentGamesQuery, recentGamesResponse),
    async (request, reply) =>
      sendMemberPage(
        request,
        reply,
        recentPages,
        memberPageInput(request, { ...request.query, classify: 'RECENT', pageNo: request.query.page }),
      ),
  );
}
