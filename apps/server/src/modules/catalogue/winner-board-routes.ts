import { randomInt } from 'node:crypto';
import { CATALOGUE_PATHS, jackpotResponse, rankListQuery, rankListResponse } from '@kismat/contracts/catalogue';
import { PAGE_SIZE } from '@kismat/contracts/constants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { errors, type GameListReplies, tags } from './game-list-replies';
import { listHotGames } from './list-hot-games';
import { buildDemoWinners, listWinners } from './list-winners';

/** The winner board and the decorative jackpot ticker. */
export async function winnerBoardRoutes(app: FastifyInstance, replies: GameListReplies): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { winnersCache, boardCache, languageOf, replyKey, sendShared } = replies;

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
        // On the report pool: a cold board sorts the month's wins, and must not hold a connection
        // that a money call or a job is waiting for.
        const board = await boardCache.get(JSON.stringify([merchantId, language, gameCategory]), () =>
          listWinners(app.database.reportDb, { merchantId, category: gameCategory, language, limit: PAGE_SIZE.WINNERS, now }),
        );
        if (board.length > 0) return { list: board.slice(0, limitNum), isDemo: false };
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
