import { BETTING_RECORD_PATHS, bettingRecordResponse, personalProfitResponse } from '@kismat/contracts/betting-records';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { formatAmount } from '@kismat/contracts/wallet';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gameRounds } from '../../db/schema/games';
import { lotteryIssues } from '../../db/schema/house-games';
import type { MemberRow } from '../../platform/auth';
import type { TestApp } from '../../test/build-test-app';
import { createMember, type TestClient, type TestMerchant } from '../../test/factories';
import { buyTicketsAt, drawIssue, fundMember, spinAt } from '../../test/house-games-test-kit';
import { closeVerified, useShop } from '../../test/shop-fixture';
import { getPersonalProfit, listBettingRecords } from '../vendor-wallet/index';

/*
 * The member's betting record (personalHistoryCopy) and personal profit/loss (personalProfit)
 * over in-house play: settled slot spins and drawn lottery tickets are rounds of the in-house
 * vendor with their game's name and category; pending and cancelled tickets, refused spins and
 * play money are not.
 */

describe('betting record and profit/loss of in-house play', () => {
  let t: TestApp;
  let site: TestMerchant;
  let client: TestClient;
  // Merchant at UTC+6: local day 2025-03-12 is [2025-03-11T18:00Z, 2025-03-12T18:00Z).
  const PLAY = new Date('2025-03-12T06:00:10Z');
  const DAY = '2025-03-12';
  const tickets = [
    { betType: 'SUM_SIZE', selection: 'BIG', amountMinor: 1_000n },
    { betType: 'SUM_SIZE', selection: 'SMALL', amountMinor: 500n },
    { betType: 'POSITION_DIGIT', selection: '1-3', amountMinor: 200n },
  ];

  useShop(
    (fixture) => {
      ({ t, shop: site, client } = fixture);
    },
    { merchant: { utcOffsetMinutes: 360 }, close: closeVerified },
  );

  const record = async (token: string, query = '') =>
    bettingRecordResponse.parse(
      (await client.call('GET', `${BETTING_RECORD_PATHS.bettingRecord}?startDate=${DAY}&endDate=${DAY}${query}`, { token })).json(),
    ).value;
  const profit = async (token: string, query = '') =>
    personalProfitResponse.parse(
      (await client.call('GET', `${BETTING_RECORD_PATHS.personalProfit}?startDate=${DAY}&endDate=${DAY}${query}`, { token })).json(),
    ).value;

  async function player(type?: number): Promise<{ member: MemberRow; token: string }> {
    const { member, password } = await createMember(t.app.db, site.merchant.id, type === undefined ? {} : { type });
    return { member, token: await client.login(member.username, password ?? '') };
  }

  it('lists settled spins and drawn tickets under the in-house vendor, with their game and category, in both calls', async () => {
    const { member, token } = await player();
    await fundMember(t.app.db, site.merchant, member.id, 100_000n);
    const spins = [];
    for (let index = 0; index < 3; index += 1) {
      spins.push(await spinAt(t.app.db, site.merchant, member, { betMinor: 200n, at: new Date(PLAY.getTime() + index * 1000) }));
    }
    const bought = new Date(PLAY.getTime() + 5000);
    const drawn = await buyTicketsAt(t.app.db, site.merchant, member, { gameCode: 'ELOTT_5M', at: bought, tickets });
    // Never in the record: a pending issue's tickets, a cancelled issue's tickets.
    await buyTicketsAt(t.app.db, site.merchant, member, { gameCode: 'ELOTT_3M', at: PLAY, tickets });
    const cancelled = await buyTicketsAt(t.app.db, site.merchant, member, { gameCode: 'ELOTT_1M', at: PLAY, tickets });
    await t.app.db.update(lotteryIssues).set({ status: 'CANCELLED' }).where(eq(lotteryIssues.id, cancelled.issueId));
    const won = (await drawIssue(t.app.db, drawn.issueId)).get(member.id) ?? 0n;

    const slotBet = spins.reduce((sum, spin) => sum + spin.bet, 0n);
    const slotPayout = spins.reduce((sum, spin) => sum + spin.payout, 0n);
    const all = await record(token);
    expect(all.total).toBe(4);
    expect(all.totals).toEqual({
      rounds: 4,
      betAmount: formatAmount(slotBet + drawn.stake),
      payout: formatAmount(slotPayout + won),
      profit: formatAmount(slotPayout + won - slotBet - drawn.stake),
    });
    // Newest bet first: the tickets (bought 06:00:15), then the spins (06:00:12, :11, :10).
    expect(all.list.map((row) => [row.gameType, row.vassalage, row.gameCode, row.status, row.betAmount])).toEqual([
      ['ELOTT', 'KISMAT', 'ELOTT_5M', 'CLOSED', formatAmount(drawn.stake)],
      ['BGS', 'KISMAT', 'bengal-tiger', 'CLOSED', '2.00'],
      ['BGS', 'KISMAT', 'bengal-tiger', 'CLOSED', '2.00'],
      ['BGS', 'KISMAT', 'bengal-tiger', 'CLOSED', '2.00'],
    ]);
    expect(all.list[1]).toMatchObject({
      roundId: `slot:${spins[2]?.roundId}`,
      vendorName: 'Kismat Originals',
      gameName: 'Bengal Tiger',
      payout: formatAmount(spins[2]?.payout ?? 0n),
      betTime: new Date(PLAY.getTime() + 2000).toISOString(),
      settleTime: new Date(PLAY.getTime() + 2000).toISOString(),
    });
    expect(all.list[0]).toMatchObject({
      vendorName: 'Kismat Originals',
      gameName: '5D 5 Min',
      payout: formatAmount(won),
      profit: formatAmount(won - drawn.stake),
      betTime: bought.toISOString(),
      settleTime: drawn.drawAt.toISOString(),
    });
    // The category filter and the vendor filter find them too.
    expect((await record(token, '&gameType=ELOTT')).total).toBe(1);
    expect((await record(token, '&gameType=LOTT')).total).toBe(0);
    expect((await record(token, '&vassalage=kismat')).total).toBe(4);

    const pl = await profit(token);
    expect(pl.list).toEqual([
      {
        gameType: 'BGS',
        vassalage: 'KISMAT',
        vendorName: 'Kismat Originals',
        rounds: 3,
        betAmount: formatAmount(slotBet),
        payout: formatAmount(slotPayout),
        profit: formatAmount(slotPayout - slotBet),
      },
      {
        gameType: 'ELOTT',
        vassalage: 'KISMAT',
        vendorName: 'Kismat Originals',
        rounds: 1,
        betAmount: formatAmount(drawn.stake),
        payout: formatAmount(won),
        profit: formatAmount(won - drawn.stake),
      },
    ]);
    expect(pl.totals).toEqual(all.totals);
    // The next local day is empty: the round belongs to the day of its bet, like a vendor round.
    const nextDay = (
      await client.call('GET', `${BETTING_RECORD_PATHS.bettingRecord}?startDate=2025-03-13&endDate=2025-03-13`, { token })
    ).json();
    expect(nextDay.value.total).toBe(0);
  });

  it('keeps play money out: trial play is never a record, and a trial player cannot open the record', async () => {
    const { member, token } = await player(MEMBER_TYPE.TRIAL);
    await spinAt(t.app.db, site.merchant, member, { betMinor: 200n, at: PLAY });
    const drawn = await buyTicketsAt(t.app.db, site.merchant, member, {
      gameCode: 'ELOTT_5M',
      at: new Date(PLAY.getTime() + 5 * 60_000),
      tickets,
    });
    await drawIssue(t.app.db, drawn.issueId);
    const denied = await client.call('GET', `${BETTING_RECORD_PATHS.bettingRecord}?startDate=${DAY}&endDate=${DAY}`, { token });
    expect(denied.json().code).toBe('TRIAL_FORBIDDEN');
    // The rounds exist, flagged as play money, and the records queries leave them out.
    const rounds = await t.app.db.select().from(gameRounds).where(eq(gameRounds.memberId, member.id));
    expect(rounds.map((round) => [round.gameType, round.isTrial])).toEqual(
      expect.arrayContaining([
        ['BGS', true],
        ['ELOTT', true],
      ]),
    );
    expect(rounds).toHaveLength(2);
    const filter = {
      merchantId: site.merchant.id,
      memberId: member.id,
      from: new Date('2025-03-11T18:00:00Z'),
      to: new Date('2025-03-12T18:00:00Z'),
    };
    expect((await listBettingRecords(t.app.db, { ...filter, language: 'EN', pageNo: 1, pageSize: 20 })).total).toBe(0);
    expect((await getPersonalProfit(t.app.db, filter)).list).toEqual([]);
  });
});
