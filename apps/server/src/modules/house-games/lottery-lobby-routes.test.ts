import { randomUUID } from 'node:crypto';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lotteryIssues } from '../../db/schema/house-games';
import type { TestApp } from '../../test/build-test-app';
import { createMember, type TestClient, type TestMerchant } from '../../test/factories';
import { currentLotteryIssue, fundMember, useHouseGamesShop } from '../../test/house-games-test-kit';
import { ensureLotteryIssues } from './ensure-lottery-issues';
import { currentIssueIndex, findLotteryGame, issueSlot, LOTTERY_GAMES } from './lottery-games';
import { settleLotteryDraw } from './settle-lottery-draw';

describe('lottery lobby routes', () => {
  let t: TestApp;
  let site: TestMerchant;
  let client: TestClient;
  const start = new Date('2026-11-22T10:00:05Z');

  useHouseGamesShop(
    (fixture) => {
      ({ t, shop: site, client } = fixture);
    },
    {
      // The issue before the current one is drawn so the lobby has a result to show.
      prepare: (fixture) => ensureLotteryIssues(fixture.t.app.db, new Date(start.getTime() - 60_000)),
      lotteriesAt: start,
      pinClock: true,
    },
  );

  async function player(funds: bigint) {
    const { member, password } = await createMember(t.app.db, site.merchant.id);
    await fundMember(t.app.db, site.merchant, member.id, funds);
    return client.login(member.username, password ?? '');
  }
  const currentIssueId = async (gameCode: string) => (await currentLotteryIssue(t.app.db, gameCode, start)).id;
  /** A slip of two tickets through the route on the current issue of `gameCode`; answers the issue. */
  async function betTwo(token: string, gameCode: string, selections: readonly [[string, string, string], [string, string, string]]) {
    const issueId = await currentIssueId(gameCode);
    const bet = await client.call('POST', HOUSE_GAME_PATHS.placeLotteryBet, {
      token,
      body: {
        issueId: String(issueId),
        idempotencyKey: randomUUID(),
        tickets: selections.map(([betType, selection, amount]) => ({ betType, selection, amount })),
      },
    });
    expect(bet.statusCode, bet.body).toBe(200);
    return issueId;
  }

  it('opened issues for a member carry the member stake and ticket count, and need a token', async () => {
    const token = await player(100_000n);
    const issueId = await betTwo(token, 'ELOTT_5M', [
      ['SUM_SIZE', 'BIG', '2.00'],
      ['SUM_PARITY', 'ODD', '3.50'],
    ]);

    expect((await client.call('GET', HOUSE_GAME_PATHS.openedIssuesMember)).statusCode).toBe(401);
    const response = await client.call('GET', HOUSE_GAME_PATHS.openedIssuesMember, { token, query: { gameCode: 'ELOTT_5M' } });
    expect(response.statusCode, response.body).toBe(200);
    const issues = response.json().value.issues as { issueId: string; myStake: string; myTicketCount: number }[];
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ issueId: String(issueId), myStake: '5.50', myTicketCount: 2 });

    const all = (await client.call('GET', HOUSE_GAME_PATHS.openedIssuesMember, { token })).json().value.issues as {
      gameCode: string;
      myStake: string;
    }[];
    expect(new Set(all.map((issue) => issue.gameCode)).size).toBe(LOTTERY_GAMES.length);
    expect(all.filter((issue) => issue.gameCode !== 'ELOTT_5M').every((issue) => issue.myStake === '0.00')).toBe(true);
  });

  it('lobby info gives the game, its current issue and the drawn ones; unknown games are 404', async () => {
    const game = findLotteryGame('ELOTT_1M');
    if (!game) throw new Error('game');
    const previous = issueSlot(game, currentIssueIndex(game, start) - 1);
    const [drawn] = await t.app.db
      .select()
      .from(lotteryIssues)
      .where(and(eq(lotteryIssues.gameCode, 'ELOTT_1M'), eq(lotteryIssues.issueNo, previous.issueNo)));
    if (!drawn) throw new Error('previous issue missing');
    expect((await settleLotteryDraw(t.app.db, { issueId: drawn.id, now: start })).status).toBe('settled');

    const response = await client.call('GET', HOUSE_GAME_PATHS.lobbyInfo, { query: { gameCode: 'ELOTT_1M' } });
    expect(response.statusCode, response.body).toBe(200);
    const value = response.json().value;
    expect(value.game.gameCode).toBe('ELOTT_1M');
    expect(value.current.issueId).toBe(String(await currentIssueId('ELOTT_1M')));
    expect(value.current.status).toBe('OPEN');
    expect(value.recent.map((issue: { issueId: string }) => issue.issueId)).toEqual([String(drawn.id)]);
    expect(value.recent[0].result.kind).toBe('ELOTT');
    expect(value.serverTime).toBe(start.toISOString());

    expect((await client.call('GET', HOUSE_GAME_PATHS.lobbyInfo, { query: { gameCode: 'NOPE' } })).statusCode).toBe(404);
  });

  it('Vietnamese menus group the VN games by region', async () => {
    const response = await client.call('GET', HOUSE_GAME_PATHS.vnMenus);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value.menus).toEqual([{ region: 'NORTH', games: [{ gameCode: 'VN_NORTH', name: 'Miền Bắc' }] }]);
  });

  it('room list has one room per game with its current issue, for members only', async () => {
    expect((await client.call('GET', HOUSE_GAME_PATHS.roomList)).statusCode).toBe(401);
    const token = await player(1n);
    const response = await client.call('GET', HOUSE_GAME_PATHS.roomList, { token });
    expect(response.statusCode, response.body).toBe(200);
    const rooms = response.json().value.rooms as { roomId: string; gameCode: string; current: { issueId: string } | null }[];
    expect(rooms.map((room) => room.gameCode)).toEqual(LOTTERY_GAMES.map((game) => game.gameCode));
    const elott = rooms.find((room) => room.gameCode === 'ELOTT_5M');
    expect(elott?.current?.issueId).toBe(String(await currentIssueId('ELOTT_5M')));
  });

  it('my tickets show pending before the draw, then each ticket won with its own payout or lost, filterable by status', async () => {
    const token = await player(100_000n);
    const issueId = await betTwo(token, 'ELOTT_3M', [
      ['SUM_SIZE', 'BIG', '2.00'],
      ['SUM_SIZE', 'SMALL', '3.00'],
    ]);
    type Ticket = { ticketId: string; selection: string; status: string; payout: string; settledAt: string | null };
    const mine = async (status?: string) => {
      const response = await client.call('GET', HOUSE_GAME_PATHS.myTickets, {
        token,
        query: { gameCode: 'ELOTT_3M', ...(status ? { status } : {}) },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().value as { list: Ticket[]; total: number };
    };
    expect((await mine()).list.map((ticket) => ticket.status)).toEqual(['pending', 'pending']);
    expect((await mine('pending')).total).toBe(2);
    expect((await mine('won')).total).toBe(0);

    const [issue] = await t.app.db.select().from(lotteryIssues).where(eq(lotteryIssues.id, issueId));
    if (!issue) throw new Error('issue');
    expect((await settleLotteryDraw(t.app.db, { issueId, now: issue.drawAt })).status).toBe('settled');
    const after = await mine();
    expect(after.list.map((ticket) => ticket.status).sort()).toEqual(['lost', 'won']);
    const won = after.list.find((ticket) => ticket.status === 'won');
    const lost = after.list.find((ticket) => ticket.status === 'lost');
    // Standard odds for a sum size: 1.95 (stake included).
    expect(won?.payout).toBe(won?.selection === 'BIG' ? '3.90' : '5.85');
    expect(lost?.payout).toBe('0.00');
    expect(won?.settledAt).toBe(issue.drawAt.toISOString());
    expect((await mine('won')).list.map((ticket) => ticket.ticketId)).toEqual([won?.ticketId]);
    expect((await mine('lost')).list.map((ticket) => ticket.ticketId)).toEqual([lost?.ticketId]);
    expect((await mine('pending')).total).toBe(0);
  });
});
