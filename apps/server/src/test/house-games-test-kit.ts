import { randomUUID } from 'node:crypto';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { parseAmount } from '@kismat/contracts/wallet';
import { verifyRound } from '@kismat/game-math/verify-round';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { lotteryIssues, lotteryTickets, lotteryTicketWins } from '../db/schema/house-games';
import { ensureLotteryIssues } from '../modules/house-games/ensure-lottery-issues';
import { currentIssueIndex, findLotteryGame, issueSlot } from '../modules/house-games/lottery-games';
import { type PlaceLotteryBetInput, placeLotteryBet } from '../modules/house-games/place-lottery-bet';
import { resolvePlayAccounts } from '../modules/house-games/resolve-play-accounts';
import { settleLotteryDraw } from '../modules/house-games/settle-lottery-draw';
import { spinSlot } from '../modules/house-games/spin-slot';
import { ensureMemberAccounts, openAccount, postTransfer } from '../modules/wallet/index';
import type { MemberRow } from '../platform/auth';
import type { Db } from '../platform/db';
import type { Merchant } from '../platform/merchant';
import type { TestApp } from './build-test-app';
import { createMember, TestClient } from './factories';
import { closeVerified, type ShopFixture, useShop } from './shop-fixture';

let fundSequence = 0;

/** Credits a member's cash from ADJUSTMENT, as an operator would; tests start from a known balance. */
export async function fundMember(
  db: Db,
  merchant: Pick<Merchant, 'id' | 'currency'>,
  memberId: number,
  amountMinor: bigint,
): Promise<void> {
  const accounts = await ensureMemberAccounts(db, { merchantId: merchant.id, memberId, currency: merchant.currency });
  const adjustment = await openAccount(db, { merchantId: merchant.id, code: 'ADJUSTMENT', currency: merchant.currency });
  fundSequence += 1;
  await postTransfer(db, {
    merchantId: merchant.id,
    idempotencyKey: `test-fund:${memberId}:${fundSequence}:${Date.now()}`,
    type: 'adjustment',
    entries: [
      { accountId: adjustment.id, amount: -amountMinor },
      { accountId: accounts.cash.id, amount: amountMinor },
    ],
  });
}

/** A real paid spin of `member` at `at` through spinSlot (ledger, slot round, game round): what it staked and paid. */
export async function spinAt(
  db: Db,
  merchant: Pick<Merchant, 'id' | 'currency' | 'settings'>,
  member: Pick<MemberRow, 'id' | 'type'>,
  input: { betMinor: bigint; at: Date; titleId?: string },
): Promise<{ roundId: number; bet: bigint; payout: bigint }> {
  const accounts = await resolvePlayAccounts(db, merchant, member);
  const { round } = await spinSlot(db, {
    merchantId: merchant.id,
    memberId: member.id,
    accounts,
    titleId: input.titleId ?? 'bengal-tiger',
    totalBetMinor: input.betMinor,
    idempotencyKey: randomUUID(),
    now: input.at,
  });
  return { roundId: Number(round.roundId), bet: input.betMinor, payout: parseAmount(round.totalPayout, { allowZero: true }) };
}

/** The issue of lottery `gameCode` on sale at `at` (ensureLotteryIssues made it). */
export async function currentLotteryIssue(db: Db, gameCode: string, at: Date) {
  const game = findLotteryGame(gameCode);
  if (!game) throw new Error(`no lottery ${gameCode}`);
  const slot = issueSlot(game, currentIssueIndex(game, at));
  const [issue] = await db
    .select()
    .from(lotteryIssues)
    .where(and(eq(lotteryIssues.gameCode, game.gameCode), eq(lotteryIssues.issueNo, slot.issueNo)));
  if (!issue) throw new Error('issue missing');
  return issue;
}

/** A new member of `merchant` whose cash holds `funds`, with its play accounts: a lottery suite's bettor. */
export async function lotteryBettor(db: Db, merchant: Merchant, funds: bigint) {
  const { member } = await createMember(db, merchant.id);
  await fundMember(db, merchant, member.id, funds);
  return { member, accounts: await resolvePlayAccounts(db, merchant, member) };
}

/** A slip of `tickets` on issue `issueId` through placeLotteryBet, under a fresh slip key, at `now` (standard odds unless given). */
export function placeSlip(
  db: Db,
  merchantId: number,
  bettor: { member: Pick<MemberRow, 'id'>; accounts: PlaceLotteryBetInput['accounts'] },
  slip: { issueId: number; tickets: PlaceLotteryBetInput['tickets']; now: Date; oddsTable?: PlaceLotteryBetInput['oddsTable'] },
) {
  return placeLotteryBet(db, {
    merchantId,
    memberId: bettor.member.id,
    accounts: bettor.accounts,
    issueId: slip.issueId,
    oddsTable: slip.oddsTable ?? 'standard',
    slipKey: randomUUID(),
    tickets: slip.tickets,
    now: slip.now,
  });
}

/** A slip of `member` on the issue of `gameCode` on sale at `at` (issues created when missing): the issue and the slip's stake. */
export async function buyTicketsAt(
  db: Db,
  merchant: Pick<Merchant, 'id' | 'currency' | 'settings'>,
  member: Pick<MemberRow, 'id' | 'type'>,
  input: { gameCode: string; at: Date; tickets: readonly { betType: string; selection: string; amountMinor: bigint }[] },
): Promise<{ issueId: number; drawAt: Date; stake: bigint }> {
  await ensureLotteryIssues(db, input.at);
  let issue = await currentLotteryIssue(db, input.gameCode, input.at);
  // In the last seconds before a draw (its cutoff) no issue sells: that one is closed and the next
  // opens at the draw. A member then buys the next one once it opens. Suites that take `at` from
  // the wall clock hit this window now and then (an ELOTT_5M slip at hh:m4:40 failed
  // LOTTERY_ISSUE_CLOSED; buying the next issue at `at` failed the same way, before it opened).
  let now = input.at;
  if (input.at >= issue.cutoffAt) {
    issue = await currentLotteryIssue(db, input.gameCode, issue.drawAt);
    now = issue.opensAt;
  }
  const accounts = await resolvePlayAccounts(db, merchant, member);
  await placeSlip(db, merchant.id, { member, accounts }, { issueId: issue.id, tickets: input.tickets, now });
  return { issueId: issue.id, drawAt: issue.drawAt, stake: input.tickets.reduce((sum, ticket) => sum + ticket.amountMinor, 0n) };
}

/** Draws an issue at its draw time (or `at`) and answers what each member's tickets won in it. */
export async function drawIssue(db: Db, issueId: number, at?: Date): Promise<Map<number, bigint>> {
  const [issue] = await db.select().from(lotteryIssues).where(eq(lotteryIssues.id, issueId));
  if (!issue) throw new Error('issue missing');
  const outcome = await settleLotteryDraw(db, { issueId, now: at ?? issue.drawAt });
  if (outcome.status !== 'settled') throw new Error(`issue ${issueId} not settled: ${outcome.status}`);
  const rows = await db
    .select({ memberId: lotteryTickets.memberId, payout: sql<string>`coalesce(sum(${lotteryTicketWins.payoutMinor}), 0)::text` })
    .from(lotteryTickets)
    .leftJoin(lotteryTicketWins, eq(lotteryTicketWins.ticketId, lotteryTickets.id))
    .where(eq(lotteryTickets.issueId, issueId))
    .groupBy(lotteryTickets.memberId);
  return new Map(rows.map((row) => [row.memberId, BigInt(row.payout)]));
}

/**
 * The house-games suites' frame (useShop): the clock is the suite's, the ledger verifies before the
 * app closes; with `lotteriesAt`, the lottery issues on sale at that instant exist before the
 * first test, and with `pinClock` the clock stands there too.
 */
export function useHouseGamesShop(
  assign: (fixture: ShopFixture) => void,
  options: { lotteriesAt?: Date; pinClock?: boolean; prepare?: (fixture: ShopFixture) => Promise<unknown> } = {},
): void {
  useShop(assign, {
    keepClock: true,
    close: closeVerified,
    prepare: async (fixture) => {
      await options.prepare?.(fixture);
      if (options.lotteriesAt) await ensureLotteryIssues(fixture.t.app.db, options.lotteriesAt);
      if (options.lotteriesAt && options.pinClock) fixture.t.setNow(options.lotteriesAt);
    },
  });
}

/** What a house-games suite's `player` makes: a member of the shop (of `type`), funded with `funds`, logged in. */
export interface HousePlayerOptions {
  funds?: bigint;
  type?: number;
}

/**
 * `useHouseGamesShop`, answering the suite's `player(options)`: a new member of the shop (of
 * `options.type` when given), its cash funded with `options.funds` when given, logged in through the suite's client.
 */
export function useHouseGamesPlayers(
  assign: (fixture: ShopFixture) => void,
  options: Parameters<typeof useHouseGamesShop>[1] = {},
): (player?: HousePlayerOptions) => Promise<{ member: MemberRow; token: string }> {
  let opened: ShopFixture | undefined;
  useHouseGamesShop((fixture) => {
    opened = fixture;
    assign(fixture);
  }, options);
  return async (player = {}) => {
    if (!opened) throw new Error('player() before the shop opened');
    const { t, shop, client } = opened;
    const { member, password } = await createMember(t.app.db, shop.merchant.id, player.type ? { type: player.type } : {});
    if (player.funds) await fundMember(t.app.db, shop.merchant, member.id, player.funds);
    return { member, token: await client.login(member.username, password ?? '') };
  };
}

/**
 * A slot round as a player checks it: its published inputs (the verify route) and what
 * verifyRound recomputes from them, the commitment check included; a round that does not
 * recompute fails the test with the verdict.
 */
export async function verifySlotRoundByRoute(client: TestClient, token: string, roundId: string) {
  const inputs = (await client.call('GET', HOUSE_GAME_PATHS.verifySlotRound.replace(':roundId', roundId), { token })).json().value;
  const verified = verifyRound({
    game: 'slot',
    titleId: inputs.titleId,
    totalBetMinor: BigInt(inputs.totalBetMinor),
    serverSeedHex: inputs.serverSeed,
    commitmentHex: inputs.commitment,
    clientSeed: inputs.clientSeed,
    nonce: inputs.nonce,
  });
  if (!verified.ok || !('spin' in verified) || !verified.spin) throw new Error(JSON.stringify(verified));
  return { inputs, isCommitmentValid: verified.isCommitmentValid, spin: verified.spin };
}

/**
 * Another node of the cluster on the suite's database (its own process memory: caches, remembered
 * seed state, verified sessions), built before the suite's tests and closed after them. Answers a
 * getter for the client that calls it with the shop's host.
 */
export function useSecondNode(fixture: () => { t: TestApp; host: string }): () => TestClient {
  let second: FastifyInstance | undefined;
  let client: TestClient | undefined;
  beforeAll(async () => {
    const { t, host } = fixture();
    second = await buildApp({ config: testConfig(), database: t.database, now: () => new Date(), serveWeb: false });
    await second.ready();
    client = new TestClient(second, host);
  });
  afterAll(async () => {
    await second?.close();
  });
  return () => {
    if (!client) throw new Error('the second node is built before the tests');
    return client;
  };
}
