import { createHash } from 'node:crypto';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { seedInputsFromHex } from '@kismat/game-math/fair/seed-inputs';
import { drawElott } from '@kismat/game-math/lottery/elott';
import type { LotteryDraw } from '@kismat/game-math/lottery/lottery-types';
import { hashTicketSet, lotteryClientSeed } from '@kismat/game-math/lottery/ticket-set';
import { drawVn } from '@kismat/game-math/lottery/vn';
import { verifyRound } from '@kismat/game-math/verify-round';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/accounts';
import { lotteryDrawWinners, lotteryIssues, lotteryTickets } from '../../db/schema/house-games';
import { rowsOf } from '../../platform/sql-values';
import type { TestApp } from '../../test/build-test-app';
import type { TestClient, TestMerchant } from '../../test/factories';
import { currentLotteryIssue, lotteryBettor, placeSlip, useHouseGamesShop } from '../../test/house-games-test-kit';
import { getMemberBalances } from '../wallet/get-member-balances';
import { cancelLotteryIssue } from './cancel-lottery-issue';
import { closeDueLotteryIssues, closeLotteryIssue } from './close-lottery-issue';
import { createServerSeed } from './fairness-seeds';
import { findLotteryGame } from './lottery-games';
import { lotteryJobs } from './lottery-jobs';
import { sealPlainSeeds } from './seal-plain-seeds';
import { openServerSeed } from './seed-vault';
import { settleLotteryDraw } from './settle-lottery-draw';

/**
 * Issue 11, finding 5: a lottery result could be computed before betting closed by anyone who
 * could read the database (seed in clear from creation, public client seed "<game>:<issue>",
 * nonce 0), so an insider could buy sure winners. Now the seed is sealed at rest and the result
 * also depends on the hash of the ticket set closed at the cutoff, published before the draw.
 */
describe('lottery fairness: sealed seeds and the closed ticket set', () => {
  let t: TestApp;
  let site: TestMerchant;
  let client: TestClient;
  const start = new Date('2026-11-22T10:00:05Z');

  useHouseGamesShop(
    (fixture) => {
      ({ t, shop: site, client } = fixture);
    },
    { lotteriesAt: start },
  );

  const issueOf = (gameCode: string) => currentLotteryIssue(t.app.db, gameCode, start);
  const bettor = (funds: bigint) => lotteryBettor(t.app.db, site.merchant, funds);
  const bet = (
    player: Awaited<ReturnType<typeof bettor>>,
    issueId: number,
    tickets: { betType: string; selection: string; amountMinor: bigint }[],
    now = start,
  ) => placeSlip(t.app.db, site.merchant.id, player, { issueId, tickets, now });
  async function verifyInputs(issueId: number) {
    const response = await client.call('GET', HOUSE_GAME_PATHS.verifyIssue.replace(':issueId', String(issueId)));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value as {
      serverSeed: string | null;
      commitment: string;
      ticketSetHash: string | null;
      ticketSetCount: number | null;
      clientSeed: string | null;
      nonce: number;
      kind: 'ELOTT' | 'VN' | 'SEA';
      result: unknown;
    };
  }

  it('keeps the seed out of the database and the result unknown until the ticket set closes; then anyone verifies it', async () => {
    const issue = await issueOf('VN_NORTH');
    // What a database reader sees of an open issue: the commitment and a sealed seed, no seed.
    const [raw] = rowsOf<{ server_seed_hex: string | null; server_seed_sealed: string | null; commitment: string }>(
      await t.app.db.execute(sql`SELECT server_seed_hex, server_seed_sealed, commitment FROM lottery_issues WHERE id = ${issue.id}`),
    );
    expect(raw?.server_seed_hex).toBeNull();
    if (!raw?.server_seed_sealed) throw new Error('no sealed seed');
    // (The test opens it with the app's key only to show what the seed alone would have told.)
    const seed = openServerSeed(raw.server_seed_sealed, raw.commitment);
    expect(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex')).toBe(raw.commitment);
    expect(raw.server_seed_sealed).not.toContain(seed);
    expect(raw.server_seed_sealed).not.toContain(Buffer.from(seed, 'hex').toString('base64url'));

    const players = [await bettor(1_000_000n), await bettor(1_000_000n)];
    await bet(players[0]!, issue.id, [
      { betType: 'DE', selection: '07', amountMinor: 1_000n },
      { betType: 'LO', selection: '42', amountMinor: 500n },
    ]);
    await bet(players[1]!, issue.id, [{ betType: 'DE', selection: '93', amountMinor: 2_000n }]);

    // While betting is open nothing that fixes the result is public, or even exists.
    const open = await verifyInputs(issue.id);
    expect(open).toMatchObject({ serverSeed: null, ticketSetHash: null, ticketSetCount: null, clientSeed: null, result: null });

    // The old scheme's prediction: what an insider with the seed computed before the draw.
    const predicted = drawVn(seedInputsFromHex(seed, `${issue.gameCode}:${issue.issueNo}`, 0));

    // At the cutoff the job closes the issue: the set is final and its hash public, the seed still secret.
    expect(await closeLotteryIssue(t.app.db, { issueId: issue.id, now: new Date(issue.cutoffAt.getTime() - 1) })).toBe('not-due');
    expect(await closeLotteryIssue(t.app.db, { issueId: issue.id, now: issue.cutoffAt })).toBe('closed');
    const tickets = await t.app.db.select().from(lotteryTickets).where(eq(lotteryTickets.issueId, issue.id));
    const ticketSetHash = hashTicketSet(
      tickets.map((ticket) => ({
        ticketId: ticket.id,
        betType: ticket.betType,
        selection: ticket.selection,
        oddsScaled: ticket.oddsScaled,
        amountMinor: ticket.amountMinor,
      })),
    );
    const closed = await verifyInputs(issue.id);
    expect(closed).toMatchObject({
      serverSeed: null,
      ticketSetHash,
      ticketSetCount: 3,
      clientSeed: `${issue.gameCode}:${issue.issueNo}:${ticketSetHash}`,
      result: null,
    });
    // Until its draw the closed issue is still listed, as CLOSED, for the page to show it waiting.
    t.setNow(issue.cutoffAt);
    const listed = await client.call('GET', HOUSE_GAME_PATHS.openedIssues, { query: { gameCode: issue.gameCode } });
    expect(listed.json().value.issues).toEqual([expect.objectContaining({ issueId: String(issue.id), status: 'CLOSED' })]);
    // A slip whose clock still reads before the cutoff finds the issue closed: nothing joins a closed set.
    await expect(bet(players[1]!, issue.id, [{ betType: 'DE', selection: '11', amountMinor: 100n }], start)).rejects.toMatchObject({
      code: 'LOTTERY_ISSUE_CLOSED',
    });

    expect((await settleLotteryDraw(t.app.db, { issueId: issue.id, now: issue.drawAt })).status).toBe('settled');
    const [drawn] = await t.app.db.select().from(lotteryIssues).where(eq(lotteryIssues.id, issue.id));
    const expected = drawVn(seedInputsFromHex(seed, lotteryClientSeed({ ...issue, ticketSetHash }), 0));
    expect(drawn?.result).toEqual(expected);
    // 27 prizes of up to 5 digits: the same draw from another client seed is out of the question.
    expect(drawn?.result).not.toEqual(predicted);

    // After the draw the seed is published; the verify call's inputs recompute the recorded result.
    const inputs = await verifyInputs(issue.id);
    expect(inputs.serverSeed).toBe(seed);
    const verified = verifyRound({
      game: 'lottery',
      kind: inputs.kind,
      serverSeedHex: inputs.serverSeed ?? '',
      commitmentHex: inputs.commitment,
      clientSeed: inputs.clientSeed ?? '',
      nonce: inputs.nonce,
    });
    expect(verified).toMatchObject({ ok: true, isCommitmentValid: true, draw: drawn?.result as LotteryDraw });
  });

  it('refuses to draw a ticket set changed behind the application after it closed', async () => {
    const issue = await issueOf('ELOTT_3M');
    const player = await bettor(100_000n);
    await bet(player, issue.id, [{ betType: 'SUM_SIZE', selection: 'BIG', amountMinor: 1_000n }]);
    expect(await closeDueLotteryIssues(t.app.db, issue.cutoffAt)).toBeGreaterThanOrEqual(1);
    // An insider slips a ticket in with SQL after the hash was published.
    await t.app.db.execute(sql`
      INSERT INTO lottery_tickets (issue_id, merchant_id, member_id, slip_key, line_no, bet_type, selection, odds_table,
        odds_scaled, amount_minor, is_trial, currency, member_account_id, house_account_id, placed_at)
      SELECT issue_id, merchant_id, member_id, 'forged', 0, bet_type, 'SMALL', odds_table, odds_scaled, amount_minor,
        is_trial, currency, member_account_id, house_account_id, placed_at
        FROM lottery_tickets WHERE issue_id = ${issue.id} LIMIT 1`);
    await expect(settleLotteryDraw(t.app.db, { issueId: issue.id, now: issue.drawAt })).rejects.toThrow(/tickets.*when it closed/);
    const [after] = await t.app.db.select().from(lotteryIssues).where(eq(lotteryIssues.id, issue.id));
    expect(after?.status).toBe('CLOSED');
    expect(after?.serverSeedHex).toBeNull();
    expect(await t.app.db.select().from(lotteryDrawWinners).where(eq(lotteryDrawWinners.issueId, issue.id))).toHaveLength(0);
    // The lottery job reports it but still draws the other due issues and opens the coming ones.
    const other = await issueOf('ELOTT_1M');
    const [job] = lotteryJobs(t.app.db);
    await expect(job?.run(issue.drawAt)).rejects.toThrow(/when it closed/);
    const [otherAfter] = await t.app.db.select().from(lotteryIssues).where(eq(lotteryIssues.id, other.id));
    expect(otherAfter?.status).toBe('DRAWN');
    const coming = await t.app.db
      .select()
      .from(lotteryIssues)
      .where(and(eq(lotteryIssues.gameCode, issue.gameCode), eq(lotteryIssues.opensAt, new Date(issue.drawAt.getTime() + 180_000))));
    expect(coming).toHaveLength(1);
    expect((await t.app.db.select().from(lotteryIssues).where(eq(lotteryIssues.id, issue.id)))[0]?.status).toBe('CLOSED');
    // Leave the ledger as bets left it: the forged ticket was never paid for.
    await t.app.db.delete(lotteryTickets).where(and(eq(lotteryTickets.issueId, issue.id), eq(lotteryTickets.slipKey, 'forged')));
  });

  it('cancels only before the cutoff, all tickets at once: every stake refunded, the seed published, audited', async () => {
    const issue = await issueOf('ELOTT_5M');
    const players = [await bettor(100_000n), await bettor(100_000n)];
    await bet(players[0]!, issue.id, [
      { betType: 'SUM_SIZE', selection: 'BIG', amountMinor: 1_000n },
      { betType: 'SUM_PARITY', selection: 'ODD', amountMinor: 700n },
    ]);
    await bet(players[1]!, issue.id, [{ betType: 'POSITION_DIGIT', selection: '1-7', amountMinor: 300n }]);
    const origin = { ip: '127.0.0.1', userAgent: null };
    // From the cutoff the result exists: cancelling then could be chosen by the result, so it is refused.
    await expect(
      cancelLotteryIssue(t.app.db, { issueId: issue.id, now: issue.cutoffAt, reason: 'test', actor: 'OPERATOR', origin }),
    ).rejects.toMatchObject({ code: 'LOTTERY_ISSUE_CLOSED' });

    const outcome = await cancelLotteryIssue(t.app.db, {
      issueId: issue.id,
      now: start,
      reason: 'draw feed outage',
      actor: 'OPERATOR',
      origin,
      operatorId: 1,
    });
    expect(outcome).toEqual({ tickets: 3, refundedMinor: 2_000n });
    for (const player of players) {
      const balances = await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId: player.member.id });
      expect(balances.cash).toBe(100_000n);
    }
    const inputs = await verifyInputs(issue.id);
    expect(inputs.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(
      createHash('sha256')
        .update(Buffer.from(inputs.serverSeed ?? '', 'hex'))
        .digest('hex'),
    ).toBe(inputs.commitment);
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'lottery_issue.cancelled'));
    expect(audit?.detail).toMatchObject({
      issueId: issue.id,
      reason: 'draw feed outage',
      tickets: 3,
      refundedMinor: '2000',
      operatorId: 1,
    });
    expect(await settleLotteryDraw(t.app.db, { issueId: issue.id, now: issue.drawAt })).toEqual({ status: 'already-settled' });
    await expect(
      cancelLotteryIssue(t.app.db, { issueId: issue.id, now: start, reason: 'again', actor: 'OPERATOR', origin }),
    ).rejects.toMatchObject({ code: 'LOTTERY_ISSUE_CLOSED' });
  });

  it('seals issues whose seed was stored in clear before, and draws them with that same committed seed', async () => {
    const game = findLotteryGame('ELOTT_1M');
    if (!game) throw new Error('ELOTT_1M');
    const legacy = createServerSeed();
    const drawnLegacy = createServerSeed();
    const [open] = await t.app.db
      .insert(lotteryIssues)
      .values({
        gameCode: game.gameCode,
        kind: game.kind,
        issueNo: 'legacy-open',
        opensAt: new Date(start.getTime() - 60_000),
        cutoffAt: new Date(start.getTime() + 50_000),
        drawAt: new Date(start.getTime() + 60_000),
        serverSeedHex: legacy.serverSeedHex,
        commitment: legacy.commitment,
      })
      .returning();
    const oldResult = drawElott(seedInputsFromHex(drawnLegacy.serverSeedHex, `${game.gameCode}:legacy-drawn`, 0));
    const [drawnBefore] = await t.app.db
      .insert(lotteryIssues)
      .values({
        gameCode: game.gameCode,
        kind: game.kind,
        issueNo: 'legacy-drawn',
        opensAt: new Date(start.getTime() - 120_000),
        cutoffAt: new Date(start.getTime() - 70_000),
        drawAt: new Date(start.getTime() - 60_000),
        serverSeedHex: drawnLegacy.serverSeedHex,
        commitment: drawnLegacy.commitment,
        status: 'DRAWN',
        result: oldResult,
        drawnAt: new Date(start.getTime() - 60_000),
      })
      .returning();
    if (!open || !drawnBefore) throw new Error('not inserted');

    expect((await sealPlainSeeds(t.app.db, start)).issues).toBe(1);
    const [sealed] = await t.app.db.select().from(lotteryIssues).where(eq(lotteryIssues.id, open.id));
    expect(sealed?.serverSeedHex).toBeNull();
    expect(openServerSeed(sealed?.serverSeedSealed ?? '', legacy.commitment)).toBe(legacy.serverSeedHex);
    // A drawn issue's seed is public already: left as it is, and verifiable with the client seed it was drawn with.
    const [stillDrawn] = await t.app.db.select().from(lotteryIssues).where(eq(lotteryIssues.id, drawnBefore.id));
    expect(stillDrawn?.serverSeedHex).toBe(drawnLegacy.serverSeedHex);
    expect(await verifyInputs(drawnBefore.id)).toMatchObject({
      serverSeed: drawnLegacy.serverSeedHex,
      ticketSetHash: null,
      clientSeed: `${game.gameCode}:legacy-drawn`,
    });
    expect(await sealPlainSeeds(t.app.db, start)).toEqual({ issues: 0, seeds: 0 });

    expect((await settleLotteryDraw(t.app.db, { issueId: open.id, now: open.drawAt })).status).toBe('settled');
    const [drawn] = await t.app.db.select().from(lotteryIssues).where(eq(lotteryIssues.id, open.id));
    expect(drawn?.serverSeedHex).toBe(legacy.serverSeedHex);
    expect(drawn?.ticketSetHash).toBe(hashTicketSet([]));
    expect(drawn?.result).toEqual(drawElott(seedInputsFromHex(legacy.serverSeedHex, lotteryClientSeed(drawn!), 0)));
  });
});
