import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lotteryIssues, lotteryTickets } from '../../db/schema/house-games';
import { AppError } from '../../platform/errors';
import type { TestApp } from '../../test/build-test-app';
import { createMember, type TestMerchant } from '../../test/factories';
import { currentLotteryIssue, fundMember, useHouseGamesShop } from '../../test/house-games-test-kit';
import { getMemberBalances } from '../wallet/get-member-balances';
import { closeLotteryIssue, hashTicketSetInDatabase } from './close-lottery-issue';
import { placeLotteryBet } from './place-lottery-bet';
import { resolvePlayAccounts } from './resolve-play-accounts';

/**
 * Issue 16, item 3: a rush of slips at the cutoff, with the close running in the middle of it.
 * Slips stamped at or after the cutoff are all refused; slips stamped before it are either in the
 * closed ticket set or refused (they reached the issue after the close); the set the close hashed
 * and published is the set that stands afterwards, and each accepted slip was debited once.
 * (bench/lottery-rush measures the same over HTTP with the real job, at load.)
 */
describe('lottery tickets at the cutoff under a rush', () => {
  let t: TestApp;
  let site: TestMerchant;
  const start = new Date('2026-11-22T10:00:05Z');
  const STAKE = 100n;
  const FUNDS = 10_000n;

  useHouseGamesShop(
    (fixture) => {
      ({ t, shop: site } = fixture);
    },
    { lotteriesAt: start, pinClock: true },
  );

  it('40 slips straddling the cutoff with the close among them: none stamped at or after it is taken, the published set is final', async () => {
    const issue = await currentLotteryIssue(t.app.db, 'ELOTT_1M', start);
    const cutoff = issue.cutoffAt.getTime();
    const members = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const { member } = await createMember(t.app.db, site.merchant.id);
        await fundMember(t.app.db, site.merchant, member.id, FUNDS);
        return { member, accounts: await resolvePlayAccounts(t.app.db, site.merchant, member) };
      }),
    );
    // Interleaved: before, after, before, after ... (2 ms steps), each member one of each.
    const slips = Array.from({ length: 40 }, (_unused, index) => {
      const owner = members[index % members.length];
      if (!owner) throw new Error('no member');
      const step = Math.floor(index / 2) * 2;
      const at = index % 2 === 0 ? cutoff - 1 - step : cutoff + step;
      return { owner, at };
    });
    const place = (slip: (typeof slips)[number], index: number) =>
      placeLotteryBet(t.app.db, {
        merchantId: site.merchant.id,
        memberId: slip.owner.member.id,
        accounts: slip.owner.accounts,
        issueId: issue.id,
        oddsTable: 'standard',
        slipKey: `rush-${index}-${slip.owner.member.id}`,
        tickets: [{ betType: 'SUM_SIZE', selection: 'BIG', amountMinor: STAKE }],
        now: new Date(slip.at),
      }).then(
        () => 'accepted' as const,
        (error: unknown) => (error instanceof AppError ? error.code : String(error)),
      );
    const first = slips.slice(0, 20).map(place);
    const close = closeLotteryIssue(t.app.db, { issueId: issue.id, now: new Date(cutoff) });
    const rest = slips.slice(20).map((slip, index) => place(slip, index + 20));
    const outcomes = await Promise.all([...first, ...rest]);
    expect(await close).toBe('closed');

    const late = outcomes.filter((_outcome, index) => (slips[index]?.at ?? 0) >= cutoff);
    expect(late).toEqual(Array(20).fill('LOTTERY_ISSUE_CLOSED'));
    const early = outcomes.filter((_outcome, index) => (slips[index]?.at ?? 0) < cutoff);
    for (const outcome of early) expect(['accepted', 'LOTTERY_ISSUE_CLOSED']).toContain(outcome);
    const accepted = outcomes.filter((outcome) => outcome === 'accepted').length;

    const [closed] = await t.app.db.select().from(lotteryIssues).where(eq(lotteryIssues.id, issue.id));
    const standing = await hashTicketSetInDatabase(t.app.db, issue.id);
    expect(closed?.status).toBe('CLOSED');
    expect({ hash: closed?.ticketSetHash, count: closed?.ticketSetCount }).toEqual(standing);
    expect(standing.count).toBe(accepted);
    const tickets = await t.app.db.select().from(lotteryTickets).where(eq(lotteryTickets.issueId, issue.id));
    expect(tickets.every((ticket) => ticket.placedAt.getTime() < cutoff)).toBe(true);

    // Each accepted slip debited once, a refused one not at all.
    const acceptedBy = new Map<number, number>();
    for (const ticket of tickets) acceptedBy.set(ticket.memberId, (acceptedBy.get(ticket.memberId) ?? 0) + 1);
    for (const { member } of members) {
      const balances = await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId: member.id });
      expect(balances.cash).toBe(FUNDS - STAKE * BigInt(acceptedBy.get(member.id) ?? 0));
    }
  });
});
