import type { FastifyInstance } from 'fastify';
import { createGameListReplies } from './game-list-replies';
import { gameMenuRoutes } from './game-menu-routes';
import { gamePageRoutes } from './game-page-routes';
import { memberGameRoutes } from './member-game-routes';
import { winnerBoardRoutes } from './winner-board-routes';

/** Game lists, vendor lanes, hot games, favourites, recent games and the winner board, one file per resource over shared caches. */
export async function registerGameListRoutes(app: FastifyInstance): Promise<void> {
  const replies = createGameListReplies(app);
  await gameMenuRoutes(app, replies);
  await gamePageRoutes(app, replies);
  await memberGameRoutes(app, replies);
  await winnerBoardRoutes(app, replies);
}
