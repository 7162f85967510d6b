import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lotteryTickets } from '../../db/schema/house-games';
import { ledgerEntries, ledgerTransfers } from '../../db/schema/ledger';
import type { TestApp } from '../../test/build-test-app';
import { createMember, type TestClient, type TestMerchant, uniqueSuffix } from '../../test/factories';
import { currentLotteryIssue, fundMember, useHouseGamesShop } from '../../test/house-games-test-kit';
import { getMemberBalances } from '../wallet/get-member-balances';
import { verifyLedger } from '../wallet/verify-ledger';

/**
 * Issue 11, finding 11: 30 parallel slips with one idempotency key answered 9 HTTP 500 (the
 * unique index on (member, slip key, line) refused the losers' inserts). Every one of them must
 * get the first slip back as a replay.
 */
describe('lottery slip replay under a burst of one key', () => {
  let t: TestApp;
  let site: TestMerchant;
  let client: TestClient;
  const start = new Date('2026-11-22T10:00:05Z');

  useHouseGamesShop(
    (fixture) => {
      ({ t, shop: site, client } = fixture);
    },
    { lotteriesAt: start, pinClock: true },
  );

  it('30 parallel slips with one key: one slip, one debit, 30 successful answers with the same tickets and balance', async () => {
    const { member, password } = await createMember(t.app.db, site.merchant.id);
    await fundMember(t.app.db, site.merchant, member.id, 100_000n);
    const token = await client.login(member.username, password ?? '');
    const issue = await currentLotteryIssue(t.app.db, 'ELOTT_5M', start);

    const slipKey = `burst-${uniqueSuffix()}`;
    const body = {
      issueId: String(issue.id),
      idempotencyKey: slipKey,
      tickets: [
        { betType: 'SUM_SIZE', selection: 'BIG', amount: '2.00' },
        { betType: 'SUM_PARITY', selection: 'ODD', amount: '3.00' },
      ],
    };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => client.call('POST', HOUSE_GAME_PATHS.placeLotteryBet, { token, body })),
    );
    expect(
      answers.map((answer) => answer.statusCode),
      answers.find((answer) => answer.statusCode !== 200)?.body,
    ).toEqual(Array(30).fill(200));
    const values = answers.map((answer) => answer.json().value as { tickets: unknown[]; balance: string; isReplay: boolean });
    expect(values.filter((value) => !value.isReplay)).toHaveLength(1);
    for (const value of values) {
      expect(value.tickets).toEqual(values[0]?.tickets);
      expect(value.balance).toBe('995.00');
    }

    const tickets = await t.app.db
      .select()
      .from(lotteryTickets)
      .where(and(eq(lotteryTickets.memberId, member.id), eq(lotteryTickets.slipKey, slipKey)));
    expect(tickets).toHaveLength(2);
    const debits = await t.app.db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `lottery:slip:${member.id}:${slipKey}`));
    expect(debits).toHaveLength(1);
    expect((await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId: member.id })).cash).toBe(99_500n);
  });

  it('a slip in one writing statement: its tickets name its one debit, whose entries balance; a slip the member cannot pay leaves nothing', async () => {
    const { member, password } = await createMember(t.app.db, site.merchant.id);
    await fundMember(t.app.db, site.merchant, member.id, 1_000n);
    const token = await client.login(member.username, password ?? '');
    const issue = await currentLotteryIssue(t.app.db, 'ELOTT_5M', start);
    const slip = (slipKey: string, amounts: string[]) =>
      client.call('POST', HOUSE_GAME_PATHS.placeLotteryBet, {
        token,
        body: {
          issueId: String(issue.id),
          idempotencyKey: slipKey,
          tickets: amounts.map((amount, index) => ({ betType: 'SUM_SIZE', selection: index % 2 ? 'SMALL' : 'BIG', amount })),
        },
      });

    const paid = `paid-${uniqueSuffix()}`;
    const answer = await slip(paid, ['2.00', '3.00', '1.50']);
    expect(answer.statusCode, answer.body).toBe(200);
    const value = answer.json().value as { tickets: { ticketId: string; amount: string; status: string }[]; balance: string };
    expect(value.balance).toBe('3.50');
    expect(value.tickets.map((ticket) => [ticket.amount, ticket.status])).toEqual([
      ['2.00', 'pending'],
      ['3.00', 'pending'],
      ['1.50', 'pending'],
    ]);
    const [debit] = await t.app.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `lottery:slip:${member.id}:${paid}`));
    expect(debit?.type).toBe('bet');
    const stored = await t.app.db
      .select()
      .from(lotteryTickets)
      .where(and(eq(lotteryTickets.memberId, member.id), eq(lotteryTickets.slipKey, paid)))
      .orderBy(lotteryTickets.lineNo);
    expect(stored.map((ticket) => String(ticket.id))).toEqual(value.tickets.map((ticket) => ticket.ticketId));
    expect(stored.map((ticket) => ticket.betTransferId)).toEqual([debit?.id, debit?.id, debit?.id]);
    const entries = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transferId, debit?.id ?? 0));
    expect(entries.map((entry) => entry.amount).sort()).toEqual([-650n, 650n].sort());

    const unpaid = `unpaid-${uniqueSuffix()}`;
    const refused = await slip(unpaid, ['2.00', '2.00']);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(
      await t.app.db
        .select()
        .from(lotteryTickets)
        .where(and(eq(lotteryTickets.memberId, member.id), eq(lotteryTickets.slipKey, unpaid))),
    ).toHaveLength(0);
    expect(
      await t.app.db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, `lottery:slip:${member.id}:${unpaid}`)),
    ).toHaveLength(0);
    expect((await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId: member.id })).cash).toBe(350n);
    expect((await verifyLedger(t.app.db)).ok).toBe(true);
  });
});
