import { errorEnvelope } from '@kismat/contracts/envelope';
import {
  HOUSE_GAME_PATHS,
  type LotteryIssue,
  lobbyInfoQuery,
  lobbyInfoResponse,
  lotteryGamesQuery,
  lotteryGamesResponse,
  myTicketsQuery,
  myTicketsResponse,
  openedIssuesMemberResponse,
  openedIssuesQuery,
  openedIssuesResponse,
  placeLotteryBetBody,
  placeLotteryBetResponse,
  recentResultsQuery,
  recentResultsResponse,
  roomListResponse,
  verifyIssueParams,
  verifyIssueResponse,
  vnMenusResponse,
} from '@kismat/contracts/house-games';
import { formatAmount, parseAmount } from '@kismat/contracts/wallet';
import { PRIZE_MODES } from '@kismat/game-math/lottery/prize-modes';
import { lotteryClientSeed } from '@kismat/game-math/lottery/ticket-set';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { DeferredSessions } from '../../platform/deferred-session';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { requireMember } from '../../platform/policy';
import { findLotteryGame, LOTTERY_GAMES, presentLotteryGame } from './lottery-games';
import { findIssue, type IssueRow, listMemberTickets, readDrawnIssues, readMemberStakes, readOpenedIssues } from './lottery-reads';
import { placeLotteryBet, presentTicket } from './place-lottery-bet';
import { resolvePlayAccounts } from './resolve-play-accounts';

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

/** How many drawn issues the lobby shows; enough for a results strip without paging. */
const LOBBY_RECENT_COUNT = 10;

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

/** Lottery calls. Trial players bet with play money (same path); results and verification are public. */
export async function registerLotteryRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['house-games'];
  // A slip's session read rides in its first statement (issue 16 item 3): one round trip fewer.
  const slipSessions = new DeferredSessions();

  routes.get(
    HOUSE_GAME_PATHS.openedIssues,
    { schema: { tags, summary: 'Opened lottery issues', querystring: openedIssuesQuery, response: { 200: openedIssuesResponse } } },
    async (request) => {
      const now = app.now();
      const rows = await readOpenedIssues(app.db, now, request.query.gameCode);
      return ok(request, { issues: rows.map((row) => presentIssue(row, now)), serverTime: now.toISOString() });
    },
  );

  /** Current issue per game: the first opened one, so rooms and lobbies agree with openedIssues. */
  async function readCurrentIssues(now: Date, gameCode?: string): Promise<Map<string, LotteryIssue>> {
    const current = new Map<string, LotteryIssue>();
    for (const row of await readOpenedIssues(app.db, now, gameCode)) {
      if (!current.has(row.gameCode)) current.set(row.gameCode, presentIssue(row, now));
    }
    return current;
  }

  routes.get(
    HOUSE_GAME_PATHS.openedIssuesMember,
    {
      preValidation: requireMember,
      schema: {
        tags,
        summary: "Opened lottery issues with the member's stake",
        security: [{ bearer: [] }],
        querystring: openedIssuesQuery,
        response: { 200: openedIssuesMemberResponse, ...errors },
      },
    },
    async (request) => {
      const now = app.now();
      const rows = await readOpenedIssues(app.db, now, request.query.gameCode);
      const stakes = await readMemberStakes(
        app.db,
        currentMember(request).id,
        rows.map((row) => row.id),
      );
      const byIssue = new Map(stakes.map((row) => [row.issueId, row]));
      return ok(request, {
        issues: rows.map((row) => {
          const mine = byIssue.get(row.id);
          return {
            ...presentIssue(row, now),
            myStake: formatAmount(BigInt(mine?.stake ?? '0')),
            myTicketCount: mine?.tickets ?? 0,
          };
        }),
        serverTime: now.toISOString(),
      });
    },
  );

  routes.get(
    HOUSE_GAME_PATHS.lobbyInfo,
    {
      schema: {
        tags,
        summary: 'Lobby of one lottery game',
        querystring: lobbyInfoQuery,
        response: { 200: lobbyInfoResponse, 404: errorEnvelope },
      },
    },
    async (request) => {
      const game = findLotteryGame(request.query.gameCode);
      if (!game) throw new AppError('NOT_FOUND');
      const now = app.now();
      const current = await readCurrentIssues(now, game.gameCode);
      const recent = await readDrawnIssues(app.db, game.gameCode, LOBBY_RECENT_COUNT);
      return ok(request, {
        game: presentLotteryGame(game),
        current: current.get(game.gameCode) ?? null,
        recent: recent.map((row) => presentIssue(row, now)),
        serverTime: now.toISOString(),
      });
    },
  );

  routes.get(
    HOUSE_GAME_PATHS.vnMenus,
    { schema: { tags, summary: 'Vietnamese lottery menus', response: { 200: vnMenusResponse } } },
    async (request) => {
      const menus = new Map<string, { gameCode: string; name: string }[]>();
      for (const game of LOTTERY_GAMES.filter((candidate) => candidate.kind === 'VN')) {
        const games = menus.get(game.region) ?? [];
        games.push({ gameCode: game.gameCode, name: game.name });
        menus.set(game.region, games);
      }
      return ok(request, { menus: [...menus].map(([region, games]) => ({ region, games })) });
    },
  );

  routes.get(
    HOUSE_GAME_PATHS.roomList,
    {
      preValidation: requireMember,
      schema: {
        tags,
        summary: 'Lottery rooms (one per game)',
        security: [{ bearer: [] }],
        response: { 200: roomListResponse, ...errors },
      },
    },
    async (request) => {
      const current = await readCurrentIssues(app.now());
      return ok(request, {
        // One room per game: the room id is the game code, stable across issues.
        rooms: LOTTERY_GAMES.map((game) => ({
          roomId: game.gameCode,
          gameCode: game.gameCode,
          name: game.name,
          kind: game.kind,
          current: current.get(game.gameCode) ?? null,
        })),
      });
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
      const rows = await readDrawnIssues(app.db, request.query.gameCode, request.query.pageSize);
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
      const row = await findIssue(app.db, Number(request.params.issueId));
      if (!row) throw new AppError('NOT_FOUND');
      // Revealed only once drawn (or cancelled): before that the seed and the ticket-set hash tell the result.
      const isRevealed = row.status === 'DRAWN' || row.status === 'CANCELLED';
      // Issues drawn before ticket-set hashes used "<game>:<issue>"; an open issue has no client seed yet.
      const isLegacyDraw = row.status === 'DRAWN' && row.ticketSetHash === null;
      return ok(request, {
        issueId: String(row.id),
        kind: row.kind as 'ELOTT' | 'VN' | 'SEA',
        serverSeed: isRevealed ? row.serverSeedHex : null,
        commitment: row.commitment,
        // Public from the cutoff: the set is final, and without the seed the hash tells nothing.
        ticketSetHash: row.ticketSetHash,
        ticketSetCount: row.ticketSetCount,
        clientSeed: row.ticketSetHash !== null || isLegacyDraw ? lotteryClientSeed(row) : null,
        nonce: 0,
        result: (row.result as LotteryIssue['result']) ?? null,
      });
    },
  );

  routes.post(
    HOUSE_GAME_PATHS.placeLotteryBet,
    {
      preValidation: slipSessions.requireMember(placeLotteryBetBody),
      schema: {
        tags,
        summary: 'Place lottery tickets',
        security: [{ bearer: [] }],
        body: placeLotteryBetBody,
        response: { 200: placeLotteryBetResponse, ...errors },
      },
    },
    async (request) =>
      await slipSessions.run(request, async (session) => {
        const member = currentMember(request);
        const accounts = await resolvePlayAccounts(app.db, request.merchant, member);
        // The promotion max bet (issue 14) is checked in the slip's statements (placeLotteryBet).
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
          language: request.language,
          utcOffsetMinutes: request.merchant.utcOffsetMinutes,
          ...(session ? { session } : {}),
        });
        return ok(request, { tickets: result.tickets, balance: formatAmount(result.balanceMinor), isReplay: result.isReplay });
      }),
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
      const { rows, total } = await listMemberTickets(
        app.db,
        currentMember(request).id,
        { status: request.query.status, gameCode: request.query.gameCode },
        request.query,
      );
      return ok(request, {
        list: rows.map((row) => presentTicket(row.ticket, row.issue, row.win)),
        total,
        pageNo: request.query.pageNo,
        pageSize: request.query.pageSize,
      });
    },
  );
}
