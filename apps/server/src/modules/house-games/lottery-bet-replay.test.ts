import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lotteryTickets } from '../../db/schema/house-games';
import { ledgerTransfers } from '../../db/schema/ledger';
import type { TestApp } from '../../test/build-test-app';
import { createMember, type TestClient, type TestMerchant, uniqueSuffix } from '../../test/factories';
import { currentLotteryIssue, fundMember, useHouseGamesShop } from '../../test/house-games-test-kit';
import { getMemberBalances } from '../wallet/get-member-balances';

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
});
