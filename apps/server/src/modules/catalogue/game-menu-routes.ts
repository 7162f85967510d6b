import { CATALOGUE_PATHS, gameMenuQuery, gameMenuResponse, recentMenuResponse } from '@kismat/contracts/catalogue';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type GameListReplies, tags } from './game-list-replies';
import { getGameMenus } from './get-game-menus';
import { getNavMenu } from './get-nav-menu';

/** The header navigation menu and the recently played menu. */
export async function gameMenuRoutes(app: FastifyInstance, replies: GameListReplies): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { menuCache, memberReadOptions, recentPages, replyKey, memberPageInput, sendMemberPage, sendShared } = replies;

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
    memberReadOptions("The member's recently played games (newest first, at most 20)", gameMenuQuery, recentMenuResponse),
    async (request, reply) =>
      sendMemberPage(
        request,
        reply,
        recentPages,
        memberPageInput(request, { ...request.query, classify: 'RECENT', pageNo: 1, pageSize: 20 }),
        (page) => ({ list: page.list }),
      ),
  );
}
