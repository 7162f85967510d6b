import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { merchantRef, updatedAt, wholeBigint } from './columns';

/*
 * The reports' pre-aggregates (issue 19 item 3, docs/reports.md), kept by modules/reports
 * (fold-report-hours.ts) from the ledger and the settled rounds. Hours are the merchant's LOCAL
 * hours (UTC + merchants.utc_offset_minutes, stored without a zone), so a local day, week or month
 * is always a whole set of rows. Amounts in integer minor units.
 *
 * A play row has channel '' and names (game_type, vendor_id, game_id); a money row has
 * game_type '', vendor_id 0, game_id 0 and names its cashier channel ('' for bonuses,
 * commissions and new members).
 */
export const reportHourly = pgTable(
  'report_hourly',
  {
    merchantId: merchantRef(),
    localHour: timestamp('local_hour', { withTimezone: false }).notNull(),
    gameType: text('game_type').notNull().default(''),
    vendorId: integer('vendor_id').notNull().default(0),
    gameId: integer('game_id').notNull().default(0),
    channel: text('channel').notNull().default(''),
    rounds: wholeBigint('rounds').default(sql`0`),
    bets: wholeBigint('bets').default(sql`0`),
    wins: wholeBigint('wins').default(sql`0`),
    depositCount: wholeBigint('deposit_count').default(sql`0`),
    deposits: wholeBigint('deposits').default(sql`0`),
    firstDepositCount: wholeBigint('first_deposit_count').default(sql`0`),
    withdrawalCount: wholeBigint('withdrawal_count').default(sql`0`),
    withdrawals: wholeBigint('withdrawals').default(sql`0`),
    /** Net promotion cost: bonuses and rebates given, less bonuses forfeited back. */
    bonuses: wholeBigint('bonuses').default(sql`0`),
    /** Agent commissions paid (salaries, dividends): what left AGENT_COMMISSION_COST. */
    commissions: wholeBigint('commissions').default(sql`0`),
    newMembers: wholeBigint('new_members').default(sql`0`),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.localHour, table.gameType, table.vendorId, table.gameId, table.channel] })],
);

/** Who played or deposited on a local day: distinct members over any run of days. */
export const reportMemberDays = pgTable(
  'report_member_days',
  {
    merchantId: merchantRef(),
    localDay: date('local_day').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    played: boolean('played').notNull().default(false),
    deposited: boolean('deposited').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.localDay, table.memberId] })],
);

/** A member's first deposit as far as the folds have seen (a fold only ever moves it earlier). */
export const reportFirstDeposits = pgTable(
  'report_first_deposits',
  {
    merchantId: merchantRef(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.memberId] }),
    index('report_first_deposits_at').on(table.merchantId, table.firstAt),
  ],
);

/** Every local hour before derived_until (UTC instant) is folded; its row lock serialises runners. */
export const reportWatermarks = pgTable('report_watermarks', {
  merchantId: merchantRef().primaryKey(),
  derivedUntil: timestamp('derived_until', { withTimezone: true }).notNull(),
  updatedAt: updatedAt(),
});
