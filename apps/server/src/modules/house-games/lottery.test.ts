import { MEMBER_TYPE } from '@kismat/contracts/constants';
import type { LotteryDraw } from '@kismat/game-math/lottery/lottery-types';
import { settleBet } from '@kismat/game-math/lottery/settle-bet';
import { hashTicketSet, lotteryClientSeed } from '@kismat/game-math/lottery/ticket-set';
import { verifyRound } from '@kismat/game-math/verify-round';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lotteryIssues, lotteryTickets, lotteryTicketWins } from '../../db/schema/house-games';
import { ledgerEntries, ledgerTransfers } from '../../db/schema/ledger';
import type { TestApp } from '../../test/build-test-app';
import { createMember, type TestMerchant } from '../../test/factories';
import { currentLotteryIssue, lotteryBettor, placeSlip, useHouseGamesShop } from '../../test/house-games-test-kit';
import { getMemberBalances } from '../wallet/get-member-balances';
import { ticketStatus } from './place-lottery-bet';
import { resolvePlayAccounts } from './resolve-play-accounts';
import { settleLotteryDraw } from './settle-lottery-draw';

describe('lotteries', () => {
  let t: TestApp;
  let site: TestMerchant;
  const start = new Date('2026-11-22T10:00:05Z');

  useHouseGamesShop(
    (fixture) => {
      ({ t, shop: site } = fixture);
    },
    { lotteriesAt: start },
  );

  const issueOf = (gameCode: string, at: Date) => currentLotteryIssue(t.app.db, gameCode, at);
  const bettor = (funds: bigint) => lotteryBettor(t.app.db, site.merchant, funds);

  it('commits every issue before it opens, refuses bets after cutoff, draws once and pays exactly settleBet', async () => {
    const issue = await issueOf('ELOTT_5M', start);
    expect(issue.commitment).toMatch(/^[0-9a-f]{64}$/);
    const next = await t.app.db
      .select()
      .from(lotteryIssues)
      .where(and(eq(lotteryIssues.gameCode, 'ELOTT_5M'), eq(lotteryIssues.opensAt, issue.drawAt)));
    expect(next).toHaveLength(1);

    const players = await Promise.all([bettor(1_000_000n), bettor(1_000_000n), bettor(1_000_000n)]);
    const slips = [] as { memberId: number; betType: string; selection: string; amountMinor: bigint }[];
    for (const [index, player] of players.entries()) {
      const tickets = [
        ...Array.from({ length: 10 }, (_, digit) => ({
          betType: 'POSITION_DIGIT',
          selection: `${(index % 5) + 1}-${digit}`,
          amountMinor: 100n + BigInt(index),
        })),
        { betType: 'SUM_SIZE', selection: 'BIG', amountMinor: 1_000n },
        { betType: 'SUM_PARITY', selection: 'ODD', amountMinor: 777n },
        { betType: 'POSITION_SIZE', selection: '3-SMALL', amountMinor: 333n },
      ];
      await placeSlip(t.app.db, site.merchant.id, player, {
        issueId: issue.id,
        tickets,
        now: start,
        oddsTable: index === 2 ? 'zy' : 'standard',
      });
      slips.push(...tickets.map((ticket) => ({ memberId: player.member.id, ...ticket })));
    }

    // After the cutoff nothing is accepted, even though the draw has not happened yet.
    const late = players[0];
    if (!late) throw new Error('player');
    await expect(
      placeSlip(t.app.db, site.merchant.id, late, {
        issueId: issue.id,
        tickets: [{ betType: 'SUM_SIZE', selection: 'SMALL', amountMinor: 100n }],
        now: issue.cutoffAt,
      }),
    ).rejects.toMatchObject({ code: 'LOTTERY_ISSUE_CLOSED' });
    expect(await settleLotteryDraw(t.app.db, { issueId: issue.id, now: issue.cutoffAt })).toEqual({ status: 'not-due' });

    const balancesBefore = await Promise.all(
      players.map((player) => getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId: player.member.id })),
    );
    // Two concurrent drawers: exactly one settles.
    const outcomes = await Promise.all([
      settleLotteryDraw(t.app.db, { issueId: issue.id, now: issue.drawAt }),
      settleLotteryDraw(t.app.db, { issueId: issue.id, now: issue.drawAt }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'settled')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'already-settled')).toHaveLength(1);

    const [drawn] = await t.app.db.select().from(lotteryIssues).where(eq(lotteryIssues.id, issue.id));
    if (!drawn?.result) throw new Error('not drawn');
    const draw = drawn.result as LotteryDraw;
    // The seed is published with the result; the client seed is the issue and its closed ticket set.
    if (!drawn.serverSeedHex || !drawn.ticketSetHash) throw new Error('seed or ticket set not published');
    expect(drawn.serverSeedSealed).toBeNull();
    const verified = verifyRound({
      game: 'lottery',
      kind: 'ELOTT',
      serverSeedHex: drawn.serverSeedHex,
      commitmentHex: issue.commitment,
      clientSeed: lotteryClientSeed(drawn),
      nonce: 0,
    });
    expect(verified.ok && verified.isCommitmentValid).toBe(true);
    expect(verified.ok && 'draw' in verified ? verified.draw : null).toEqual(draw);

    const rows = await t.app.db
      .select({ ticket: lotteryTickets, win: lotteryTicketWins })
      .from(lotteryTickets)
      .leftJoin(lotteryTicketWins, eq(lotteryTicketWins.ticketId, lotteryTickets.id))
      .where(eq(lotteryTickets.issueId, issue.id));
    expect(rows).toHaveLength(slips.length);
    expect(drawn.ticketCount).toBe(slips.length);
    // Postgres hashed the same canonical list that game-math (and a player's browser) hashes.
    expect(drawn.ticketSetCount).toBe(slips.length);
    expect(drawn.ticketSetHash).toBe(
      hashTicketSet(
        rows.map(({ ticket }) => ({
          ticketId: ticket.id,
          betType: ticket.betType,
          selection: ticket.selection,
          oddsScaled: ticket.oddsScaled,
          amountMinor: ticket.amountMinor,
        })),
      ),
    );
    const payoutTransfers = new Set<number>();
    for (const [index, player] of players.entries()) {
      let expectedPayout = 0n;
      const mine = rows.filter((row) => row.ticket.memberId === player.member.id);
      for (const { ticket, win } of mine) {
        const expected = settleBet(
          'ELOTT',
          {
            betType: ticket.betType,
            selection: ticket.selection,
            amountMinor: ticket.amountMinor,
            oddsTable: index === 2 ? 'zy' : 'standard',
          },
          draw,
        );
        expect(ticketStatus(drawn.status, win)).toBe(expected.status);
        expect(win?.payoutMinor ?? 0n).toBe(expected.payoutMinor);
        expectedPayout += expected.payoutMinor;
      }
      const after = await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId: player.member.id });
      expect(after.cash - (balancesBefore[index]?.cash ?? 0n)).toBe(expectedPayout);
      // One payout transfer per member account and draw, referenced by each of its winning
      // tickets, crediting exactly the sum of their payouts.
      const transferIds = new Set(mine.flatMap((row) => (row.win?.payoutTransferId ? [row.win.payoutTransferId] : [])));
      if (expectedPayout === 0n) {
        expect(transferIds.size).toBe(0);
        continue;
      }
      expect(transferIds.size).toBe(1);
      const [transferId] = [...transferIds];
      payoutTransfers.add(transferId!);
      const [transfer] = await t.app.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, transferId!));
      expect(transfer).toMatchObject({
        type: 'payout',
        idempotencyKey: `lottery:issue:${issue.id}:payout:${player.accounts.memberAccountId}`,
        referenceKind: 'lottery_issue',
        referenceId: String(issue.id),
      });
      const entries = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, transferId!));
      expect(entries.find((entry) => entry.accountId === player.accounts.memberAccountId)?.amount).toBe(expectedPayout);
      expect(entries.find((entry) => entry.accountId === player.accounts.houseAccountId)?.amount).toBe(-expectedPayout);
    }
    expect(drawn.winnerCount).toBe(rows.filter((row) => (row.win?.payoutMinor ?? 0n) > 0n).length);
    // Settling again changes nothing.
    expect(await settleLotteryDraw(t.app.db, { issueId: issue.id, now: issue.drawAt })).toEqual({ status: 'already-settled' });
  });

  it('races a bet against the draw: the ticket is either refused or settled, never left pending', async () => {
    const issue = await issueOf('ELOTT_1M', start);
    const player = await bettor(100_000n);
    // The clock is skewed on purpose: the bet's own clock is before the cutoff, the drawer's at the draw.
    const [bet, settle] = await Promise.allSettled([
      placeSlip(t.app.db, site.merchant.id, player, {
        issueId: issue.id,
        tickets: [{ betType: 'SUM_SIZE', selection: 'BIG', amountMinor: 500n }],
        now: start,
      }),
      settleLotteryDraw(t.app.db, { issueId: issue.id, now: issue.drawAt }),
    ]);
    expect(settle.status).toBe('fulfilled');
    const tickets = await t.app.db.select().from(lotteryTickets).where(eq(lotteryTickets.issueId, issue.id));
    const [drawn] = await t.app.db.select().from(lotteryIssues).where(eq(lotteryIssues.id, issue.id));
    expect(drawn?.status).toBe('DRAWN');
    if (bet.status === 'fulfilled') {
      expect(tickets).toHaveLength(1);
      expect(drawn?.ticketCount).toBe(1);
    } else {
      expect(bet.reason).toMatchObject({ code: 'LOTTERY_ISSUE_CLOSED' });
      expect(tickets).toHaveLength(0);
    }
  });

  it('pays real and play money in one draw from their own house accounts, one payout transfer per account', async () => {
    const issue = await issueOf('ELOTT_3M', start);
    const real = await bettor(100_000n);
    const { member: trialMember } = await createMember(t.app.db, site.merchant.id, { type: MEMBER_TYPE.TRIAL });
    const trial = { member: trialMember, accounts: await resolvePlayAccounts(t.app.db, site.merchant, trialMember) };
    expect(trial.accounts.isTrial).toBe(true);
    const players = [real, trial];
    const before = [] as bigint[];
    for (const player of players) {
      await placeSlip(t.app.db, site.merchant.id, player, {
        issueId: issue.id,
        // Exactly one of the two wins, so each player is paid.
        tickets: [
          { betType: 'SUM_SIZE', selection: 'BIG', amountMinor: 200n },
          { betType: 'SUM_SIZE', selection: 'SMALL', amountMinor: 300n },
        ],
        now: start,
      });
      const balances = await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId: player.member.id });
      before.push(player.accounts.isTrial ? balances.trial : balances.cash);
    }
    expect((await settleLotteryDraw(t.app.db, { issueId: issue.id, now: issue.drawAt })).status).toBe('settled');
    for (const [index, player] of players.entries()) {
      const [win] = await t.app.db
        .select({ win: lotteryTicketWins, ticket: lotteryTickets })
        .from(lotteryTicketWins)
        .innerJoin(lotteryTickets, eq(lotteryTickets.id, lotteryTicketWins.ticketId))
        .where(and(eq(lotteryTickets.issueId, issue.id), eq(lotteryTickets.memberId, player.member.id)));
      if (!win?.win.payoutTransferId) throw new Error('no paid win');
      const entries = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, win.win.payoutTransferId));
      expect(entries.map((entry) => [entry.accountId, entry.amount]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
        [
          [player.accounts.houseAccountId, -win.win.payoutMinor],
          [player.accounts.memberAccountId, win.win.payoutMinor],
        ].sort((a, b) => Number(a[0]) - Number(b[0])),
      );
      const balances = await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId: player.member.id });
      expect((player.accounts.isTrial ? balances.trial : balances.cash) - (before[index] ?? 0n)).toBe(win.win.payoutMinor);
    }
    expect(real.accounts.houseAccountId).not.toBe(trial.accounts.houseAccountId);
  });
});
