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
import { currentMember } from '../../platform/auth';
import { DeferredSessions } from '../../platform/deferred-session';
import { AppError } from '../../platform/errors';
import { requireMember } from '../../platform/policy';
import { defineRoutes } from '../../platform/route';
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
  const tags = ['house-games'];
  // Public reads document their 200 answer (and a 404 where they name one); member calls every refusal.
  const publicRoute = defineRoutes(app, { tags, security: false, errors: {} });
  const memberRoute = defineRoutes(app, { tags, preValidation: requireMember, errors });
  // A slip's session read rides in its first statement (issue 16 item 3): one round trip fewer.
  const slipSessions = new DeferredSessions();

  publicRoute.get(
    HOUSE_GAME_PATHS.openedIssues,
    { summary: 'Opened lottery issues', querystring: openedIssuesQuery, response: openedIssuesResponse },
    async (request) => {
      const now = app.now();
      const rows = await readOpenedIssues(app.db, now, request.query.gameCode);
      return { issues: rows.map((row) => presentIssue(row, now)), serverTime: now.toISOString() };
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

  memberRoute.get(
    HOUSE_GAME_PATHS.openedIssuesMember,
    { summary: "Opened lottery issues with the member's stake", querystring: openedIssuesQuery, response: openedIssuesMemberResponse },
    async (request) => {
      const now = app.now();
      const rows = await readOpenedIssues(app.db, now, request.query.gameCode);
      const stakes = await readMemberStakes(
        app.db,
        currentMember(request).id,
        rows.map((row) => row.id),
      );
      const byIssue = new Map(stakes.map((row) => [row.issueId, row]));
      return {
        issues: rows.map((row) => {
          const mine = byIssue.get(row.id);
          return {
            ...presentIssue(row, now),
            myStake: formatAmount(BigInt(mine?.stake ?? '0')),
            myTicketCount: mine?.tickets ?? 0,
          };
        }),
        serverTime: now.toISOString(),
      };
    },
  );

  publicRoute.get(
    HOUSE_GAME_PATHS.lobbyInfo,
    { summary: 'Lobby of one lottery game', querystring: lobbyInfoQuery, response: lobbyInfoResponse, errors: { 404: errorEnvelope } },
    async (request) => {
      const game = findLotteryGame(request.query.gameCode);
      if (!game) throw new AppError('NOT_FOUND');
      const now = app.now();
      const current = await readCurrentIssues(now, game.gameCode);
      const recent = await readDrawnIssues(app.db, game.gameCode, LOBBY_RECENT_COUNT);
      return {
        game: presentLotteryGame(game),
        current: current.get(game.gameCode) ?? null,
        recent: recent.map((row) => presentIssue(row, now)),
        serverTime: now.toISOString(),
      };
    },
  );

  publicRoute.get(HOUSE_GAME_PATHS.vnMenus, { summary: 'Vietnamese lottery menus', response: vnMenusResponse }, async () => {
    const menus = new Map<string, { gameCode: string; name: string }[]>();
    for (const game of LOTTERY_GAMES.filter((candidate) => candidate.kind === 'VN')) {
      const games = menus.get(game.region) ?? [];
      games.push({ gameCode: game.gameCode, name: game.name });
      menus.set(game.region, games);
    }
    return { menus: [...menus].map(([region, games]) => ({ region, games })) };
  });

  memberRoute.get(HOUSE_GAME_PATHS.roomList, { summary: 'Lottery rooms (one per game)', response: roomListResponse }, async () => {
    const current = await readCurrentIssues(app.now());
    return {
      // One room per game: the room id is the game code, stable across issues.
      rooms: LOTTERY_GAMES.map((game) => ({
        roomId: game.gameCode,
        gameCode: game.gameCode,
        name: game.name,
        kind: game.kind,
        current: current.get(game.gameCode) ?? null,
      })),
    };
  });

  publicRoute.get(
    HOUSE_GAME_PATHS.lotteryGames,
    { summary: 'Lottery games of a prize mode', querystring: lotteryGamesQuery, response: lotteryGamesResponse },
    async (request) => {
      const mode = PRIZE_MODES[request.query.prizeMode];
      return {
        prizeMode: request.query.prizeMode,
        oddsTable: mode.oddsTable,
        games: LOTTERY_GAMES.filter((game) => mode.kinds.includes(game.kind)).map(presentLotteryGame),
      };
    },
  );

  publicRoute.get(
    HOUSE_GAME_PATHS.recentResults,
    { summary: 'Drawn issues', querystring: recentResultsQuery, response: recentResultsResponse },
    async (request) => {
      const rows = await readDrawnIssues(app.db, request.query.gameCode, request.query.pageSize);
      return { list: rows.map((row) => presentIssue(row, app.now())) };
    },
  );

  publicRoute.get(
    HOUSE_GAME_PATHS.verifyIssue,
    { summary: 'Inputs to recompute a draw', params: verifyIssueParams, response: verifyIssueResponse, errors: { 404: errorEnvelope } },
    async (request) => {
      const row = await findIssue(app.db, Number(request.params.issueId));
      if (!row) throw new AppError('NOT_FOUND');
      // Revealed only once drawn (or cancelled): before that the seed and the ticket-set hash tell the result.
      const isRevealed = row.status === 'DRAWN' || row.status === 'CANCELLED';
      // Issues drawn before ticket-set hashes used "<game>:<issue>"; an open issue has no client seed yet.
      const isLegacyDraw = row.status === 'DRAWN' && row.ticketSetHash === null;
      return {
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
      };
    },
  );

  memberRoute.post(
    HOUSE_GAME_PATHS.placeLotteryBet,
    {
      summary: 'Place lottery tickets',
      body: placeLotteryBetBody,
      response: placeLotteryBetResponse,
      preValidation: slipSessions.requireMember(placeLotteryBetBody),
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
        return { tickets: result.tickets, balance: formatAmount(result.balanceMinor), isReplay: result.isReplay };
      }),
  );

  memberRoute.get(
    HOUSE_GAME_PATHS.myTickets,
    { summary: 'My lottery tickets', querystring: myTicketsQuery, response: myTicketsResponse },
    async (request) => {
      const { rows, total } = await listMemberTickets(
        app.db,
        currentMember(request).id,
        { status: request.query.status, gameCode: request.query.gameCode },
        request.query,
      );
      return {
        list: rows.map((row) => presentTicket(row.ticket, row.issue, row.win)),
        total,
        pageNo: request.query.pageNo,
        pageSize: request.query.pageSize,
      };
    },
  );
}
