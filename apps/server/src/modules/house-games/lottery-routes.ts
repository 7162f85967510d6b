import { errorEnvelope } from '@kismat/contracts/envelope';
import {
  HOUSE_GAME_PATHS,
  type LotteryIssue,
  lotteryGamesQuery,
  lotteryGamesResponse,
  myTicketsQuery,
  myTicketsResponse,
  openedIssuesQuery,
  openedIssuesResponse,
  placeLotteryBetBody,
  placeLotteryBetResponse,
  recentResultsQuery,
  recentResultsResponse,
  verifyIssueParams,
  verifyIssueResponse,
} from '@kismat/contracts/house-games';
import { formatAmount, parseAmount } from '@kismat/contracts/wallet';
import { PRIZE_MODES } from '@kismat/game-math/lottery/prize-modes';
import { and, count, desc, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { lotteryIssues, lotteryTickets } from '../../db/schema/house-games';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { requireMember } from '../../platform/policy';
import { LOTTERY_GAMES, presentLotteryGame } from './lottery-games';
import { placeLotteryBet, presentTicket } from './place-lottery-bet';
import { resolvePlayAccounts } from './resolve-play-accounts';
import { issueClientSeed } from './settle-lottery-draw';

type IssueRow = typeof lotteryIssues.$inferSelect;

function presentIssue(row: IssueRow, now: Date): LotteryIssue {
  const status =
    row.status === 'OPEN' && row.opensAt > now ? 'PENDING' : row.status === 'OPEN' && row.cutoffAt <= now ? 'CLOSED' : row.status;
  return {
    issueId: String(row.id),
    gameCode: row.gameCode,
    issueNo: row.issueNo,
    status: status as LotteryIssue['status'],
    opensAt: row.opensAt.toISOString(),
    cutoffAt: row.cutoffAt.toISOString(),
    drawAt: row.drawAt.toISOString(),
    commitment: row.commitment,
    result: (row.result as LotteryIssue['result']) ?? null,
  };
}

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

/** Lottery calls. Trial players bet with play money (same path); results and verification are public. */
export async function registerLotteryRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['house-games'];

  routes.get(
    HOUSE_GAME_PATHS.openedIssues,
    { schema: { tags, summary: 'Opened lottery issues', querystring: openedIssuesQuery, response: { 200: openedIssuesResponse } } },
    async (request) => {
      const now = app.now();
      const filters: SQL[] = [eq(lotteryIssues.status, 'OPEN'), lte(lotteryIssues.opensAt, now), gt(lotteryIssues.drawAt, now)];
      if (request.query.gameCode) filters.push(eq(lotteryIssues.gameCode, request.query.gameCode));
      const rows = await app.db
        .select()
        .from(lotteryIssues)
        .where(and(...filters))
        .orderBy(lotteryIssues.drawAt);
      return ok(request, { issues: rows.map((row) => presentIssue(row, now)), serverTime: now.toISOString() });
    },
  );

  routes.get(
    HOUSE_GAME_PATHS.lotteryGames,
    { schema: { tags, summary: 'Lottery games of a prize mode', querystring: lotteryGamesQuery, response: { 200: lotteryGamesResponse } } },
    async (request) => {
      const mode = PRIZE_MODES[request.query.prizeMode];
      return ok(request, {
        prizeMode: request.query.prizeMode,
        oddsTable: mode.oddsTable,
        games: LOTTERY_GAMES.filter((game) => mode.kinds.includes(game.kind)).map(presentLotteryGame),
      });
    },
  );

  routes.get(
    HOUSE_GAME_PATHS.recentResults,
    { schema: { tags, summary: 'Drawn issues', querystring: recentResultsQuery, response: { 200: recentResultsResponse } } },
    async (request) => {
      const filters: SQL[] = [eq(lotteryIssues.status, 'DRAWN')];
      if (request.query.gameCode) filters.push(eq(lotteryIssues.gameCode, request.query.gameCode));
      const rows = await app.db
        .select()
        .from(lotteryIssues)
        .where(and(...filters))
        .orderBy(desc(lotteryIssues.drawAt))
        .limit(request.query.pageSize);
      return ok(request, { list: rows.map((row) => presentIssue(row, app.now())) });
    },
  );

  routes.get(
    HOUSE_GAME_PATHS.verifyIssue,
    {
      schema: {
        tags,
        summary: 'Inputs to recompute a draw',
        params: verifyIssueParams,
        response: { 200: verifyIssueResponse, 404: errorEnvelope },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select()
        .from(lotteryIssues)
        .where(eq(lotteryIssues.id, Number(request.params.issueId)));
      if (!row) throw new AppError('NOT_FOUND');
      const isDrawn = row.status === 'DRAWN';
      return ok(request, {
        issueId: String(row.id),
        kind: row.kind as 'ELOTT' | 'VN' | 'SEA',
        // Revealed only once drawn: before that the seed would tell anyone the result.
        serverSeed: isDrawn ? row.serverSeedHex : null,
        commitment: row.commitment,
        clientSeed: issueClientSeed(row),
        nonce: 0,
        result: (row.result as LotteryIssue['result']) ?? null,
      });
    },
  );

  routes.post(
    HOUSE_GAME_PATHS.placeLotteryBet,
    {
      preValidation: requireMember,
      schema: {
        tags,
        summary: 'Place lottery tickets',
        security: [{ bearer: [] }],
        body: placeLotteryBetBody,
        response: { 200: placeLotteryBetResponse, ...errors },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const accounts = await resolvePlayAccounts(app.db, request.merchant, member);
      const result = await placeLotteryBet(app.db, {
        merchantId: request.merchant.id,
        memberId: member.id,
        accounts,
        issueId: Number(request.body.issueId),
        oddsTable: request.body.oddsTable,
        slipKey: request.body.idempotencyKey,
        tickets: request.body.tickets.map((ticket) => ({
          betType: ticket.betType,
          selection: ticket.selection,
          amountMinor: parseAmount(ticket.amount),
        })),
        now: app.now(),
      });
      return ok(request, { tickets: result.tickets, balance: formatAmount(result.balanceMinor), isReplay: result.isReplay });
    },
  );

  routes.get(
    HOUSE_GAME_PATHS.myTickets,
    {
      preValidation: requireMember,
      schema: {
        tags,
        summary: 'My lottery tickets',
        security: [{ bearer: [] }],
        querystring: myTicketsQuery,
        response: { 200: myTicketsResponse, ...errors },
      },
    },
    async (request) => {
      const filters: SQL[] = [eq(lotteryTickets.memberId, currentMember(request).id)];
      if (request.query.status) filters.push(eq(lotteryTickets.status, request.query.status));
      if (request.query.gameCode) filters.push(eq(lotteryIssues.gameCode, request.query.gameCode));
      const where = and(...filters);
      const rows = await app.db
        .select({ ticket: lotteryTickets, gameCode: lotteryIssues.gameCode, issueNo: lotteryIssues.issueNo })
        .from(lotteryTickets)
        .innerJoin(lotteryIssues, eq(lotteryIssues.id, lotteryTickets.issueId))
        .where(where)
        .orderBy(desc(lotteryTickets.id))
        .limit(request.query.pageSize)
        .offset((request.query.pageNo - 1) * request.query.pageSize);
      const [total] = await app.db
        .select({ value: count() })
        .from(lotteryTickets)
        .innerJoin(lotteryIssues, eq(lotteryIssues.id, lotteryTickets.issueId))
        .where(where);
      return ok(request, {
        list: rows.map((row) => presentTicket(row.ticket, row)),
        total: total?.value ?? 0,
        pageNo: request.query.pageNo,
        pageSize: request.query.pageSize,
      });
    },
  );
}
