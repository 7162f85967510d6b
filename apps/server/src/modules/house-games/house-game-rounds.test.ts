import { readFileSync } from 'node:fs';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lotteryIssues } from '../../db/schema/house-games';
import { rowsOf } from '../../platform/sql-values';
import type { TestApp } from '../../test/build-test-app';
import { createMember, type TestMerchant } from '../../test/factories';
import { buyTicketsAt, drawIssue, fundMember, spinAt, useHouseGamesShop } from '../../test/house-games-test-kit';
import { settleLotteryDraw } from './settle-lottery-draw';

/*
 * In-house play as game rounds (record-house-game-rounds.ts): what spinSlot and
 * settleLotteryDraw write into game_rounds, what they do not write, and that migration 0016's
 * backfill writes exactly the same rows for play that happened before it.
 */

interface RoundRow {
  vendor_round_id: string;
  member_id: number;
  vendor_code: string;
  game_code: string;
  game_type: string;
  status: string;
  is_trial: boolean;
  bet_total: string;
  payout_total: string;
  bet_count: number;
  opened_at: string;
  closed_at: string;
  currency: string;
}

describe('in-house play in game_rounds', () => {
  let t: TestApp;
  let site: TestMerchant;
  const at = new Date('2026-03-12T06:00:10Z');

  useHouseGamesShop((fixture) => {
    ({ t, shop: site } = fixture);
  });

  async function houseRounds(memberId?: number): Promise<RoundRow[]> {
    return rowsOf<RoundRow>(
      await t.app.db.execute(sql`
        SELECT r.vendor_round_id, r.member_id::int AS member_id, v.code AS vendor_code, g.game_code, r.game_type, r.status, r.is_trial,
               r.bet_total::text, r.payout_total::text, r.bet_count, r.currency,
               to_char(r.opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS opened_at,
               to_char(r.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS closed_at
          FROM game_rounds r JOIN vendors v ON v.id = r.vendor_id JOIN games g ON g.id = r.game_id
         WHERE v.is_house ${memberId === undefined ? sql`` : sql`AND r.member_id = ${memberId}`}
         ORDER BY r.vendor_round_id`),
    );
  }
  const iso = (date: Date) => date.toISOString().slice(0, 23);

  it('writes each settled spin as one CLOSED round, and nothing for a refused one', async () => {
    const { member } = await createMember(t.app.db, site.merchant.id);
    await fundMember(t.app.db, site.merchant, member.id, 1_000n);
    const spins = [await spinAt(t.app.db, site.merchant, member, { betMinor: 200n, at })];
    spins.push(await spinAt(t.app.db, site.merchant, member, { betMinor: 100n, at: new Date(at.getTime() + 1000) }));
    const { member: broke } = await createMember(t.app.db, site.merchant.id);
    await expect(spinAt(t.app.db, site.merchant, broke, { betMinor: 200n, at })).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });

    expect(await houseRounds(broke.id)).toEqual([]);
    const rows = await houseRounds(member.id);
    expect(rows).toEqual(
      spins
        .map((spin, index) => ({
          vendor_round_id: `slot:${spin.roundId}`,
          member_id: member.id,
          vendor_code: 'KISMAT',
          game_code: 'bengal-tiger',
          game_type: 'BGS',
          status: 'CLOSED',
          is_trial: false,
          bet_total: String(spin.bet),
          payout_total: String(spin.payout),
          bet_count: 1,
          currency: site.merchant.currency,
          opened_at: iso(new Date(at.getTime() + index * 1000)),
          closed_at: iso(new Date(at.getTime() + index * 1000)),
        }))
        .sort((a, b) => a.vendor_round_id.localeCompare(b.vendor_round_id)),
    );
  });

  it('flags a trial player spin as trial (play money)', async () => {
    const { member } = await createMember(t.app.db, site.merchant.id, { type: MEMBER_TYPE.TRIAL });
    const spin = await spinAt(t.app.db, site.merchant, member, { betMinor: 100n, at });
    expect(await houseRounds(member.id)).toMatchObject([{ vendor_round_id: `slot:${spin.roundId}`, is_trial: true, bet_total: '100' }]);
  });

  it('writes a drawn issue as one round per member account, and nothing for pending or cancelled tickets', async () => {
    const { member } = await createMember(t.app.db, site.merchant.id);
    await fundMember(t.app.db, site.merchant, member.id, 100_000n);
    const { member: trial } = await createMember(t.app.db, site.merchant.id, { type: MEMBER_TYPE.TRIAL });
    const tickets = [
      { betType: 'SUM_SIZE', selection: 'BIG', amountMinor: 1_000n },
      { betType: 'SUM_SIZE', selection: 'SMALL', amountMinor: 500n },
      { betType: 'POSITION_DIGIT', selection: '1-3', amountMinor: 200n },
    ];
    const first = await buyTicketsAt(t.app.db, site.merchant, member, { gameCode: 'ELOTT_5M', at, tickets });
    const later = new Date(at.getTime() + 60_000);
    const second = await buyTicketsAt(t.app.db, site.merchant, member, { gameCode: 'ELOTT_5M', at: later, tickets: tickets.slice(0, 1) });
    expect(second.issueId).toBe(first.issueId);
    await buyTicketsAt(t.app.db, site.merchant, trial, { gameCode: 'ELOTT_5M', at, tickets: tickets.slice(0, 2) });
    const pending = await buyTicketsAt(t.app.db, site.merchant, member, { gameCode: 'ELOTT_3M', at, tickets });
    const cancelled = await buyTicketsAt(t.app.db, site.merchant, member, { gameCode: 'ELOTT_1M', at, tickets });
    await t.app.db.update(lotteryIssues).set({ status: 'CANCELLED' }).where(eq(lotteryIssues.id, cancelled.issueId));
    expect(await settleLotteryDraw(t.app.db, { issueId: cancelled.issueId, now: cancelled.drawAt })).toEqual({ status: 'already-settled' });

    const won = await drawIssue(t.app.db, first.issueId);
    const [issue] = await t.app.db.select().from(lotteryIssues).where(eq(lotteryIssues.id, first.issueId));
    if (!issue) throw new Error('issue');
    const rows = (await houseRounds()).filter((row) => row.vendor_round_id.startsWith('lottery:'));
    expect(rows).toHaveLength(2);
    const mine = rows.find((row) => row.member_id === member.id);
    expect(mine).toMatchObject({
      vendor_code: 'KISMAT',
      game_code: 'ELOTT_5M',
      game_type: 'ELOTT',
      status: 'CLOSED',
      is_trial: false,
      bet_total: String(first.stake + second.stake),
      payout_total: String(won.get(member.id)),
      bet_count: 4,
      opened_at: iso(at),
      closed_at: iso(first.drawAt),
    });
    expect(mine?.vendor_round_id).toMatch(new RegExp(`^lottery:ELOTT_5M:${issue.issueNo}:\\d+$`));
    expect(rows.find((row) => row.member_id === trial.id)).toMatchObject({ is_trial: true, bet_total: '1500', bet_count: 2 });
    // The pending and the cancelled issue left nothing; one of BIG/SMALL always wins, so the draw paid.
    expect(rows.every((row) => row.vendor_round_id.includes(':ELOTT_5M:'))).toBe(true);
    expect(won.get(member.id)).toBeGreaterThan(0n);
    expect(pending.issueId).not.toBe(first.issueId);
  });

  it('migration 0016 backfills exactly the rows the live writers wrote', async () => {
    const before = await houseRounds();
    expect(before).toHaveLength(5); // two spins, a trial spin, two lottery rounds
    await t.app.db.execute(sql`DELETE FROM game_rounds WHERE vendor_id IN (SELECT id FROM vendors WHERE is_house)`);
    expect(await houseRounds()).toEqual([]);
    const migration = readFileSync(new URL('../../db/migrations/0016_house_game_rounds.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.app.db.execute(sql.raw(statement));
    expect(await houseRounds()).toEqual(before);
    // Running it again (or after the writers) adds nothing.
    for (const statement of migration.split('--> statement-breakpoint')) await t.app.db.execute(sql.raw(statement));
    expect(await houseRounds()).toEqual(before);
  });
});
