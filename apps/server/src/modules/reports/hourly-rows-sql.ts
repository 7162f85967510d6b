import { type SQL, sql } from 'drizzle-orm';
import { reportFirstDeposits } from '../../db/schema/reports';
import { membersJoinedRelation } from '../member/index';
import { settledRoundsRelation } from '../vendor-wallet/index';
import { reportLedgerFlowsRelation } from '../wallet/index';

/*
 * The statements that derive the report's hourly rows of a merchant over the UTC range
 * [from, to) straight from the base tables (through their owners' faces): the fold writes their
 * result into report_hourly / report_member_days / report_first_deposits, and a report reads
 * them live for the hours not folded yet. Both go through these definitions, so a folded hour
 * and a live hour can never disagree.
 *
 * Each source is read once per statement: `sourcesCte` materialises the range's settled rounds
 * (r), ledger flows (f) and new members (j), and the row builders below read those names.
 */

export interface HourRange {
  merchantId: number;
  offsetMinutes: number;
  from: Date;
  to: Date;
}

/** The local hour (timestamp without time zone) of a timestamptz column. */
export function localHourSql(at: SQL, offsetMinutes: number): SQL {
  return sql`date_trunc('hour', (${at} AT TIME ZONE 'UTC') + make_interval(mins => ${offsetMinutes}::int))`;
}

export const HOURLY_COLUMNS =
  'local_hour, game_type, vendor_id, game_id, channel, rounds, bets, wins, deposit_count, deposits, first_deposit_count, withdrawal_count, withdrawals, bonuses, commissions, new_members';

/** `WITH r, f, j AS MATERIALIZED (...)`: the range's rounds, ledger flows and new members, each read once. */
export function sourcesCte(range: HourRange): SQL {
  return sql`WITH r AS MATERIALIZED (SELECT * FROM ${settledRoundsRelation(range)} r0),
    f AS MATERIALIZED (SELECT * FROM ${reportLedgerFlowsRelation(range)} f0),
    j AS MATERIALIZED (SELECT * FROM ${membersJoinedRelation(range)} j0)`;
}

/**
 * The hourly rows (reads r, f, j): play per (game type, vendor, game), money per cashier channel,
 * and the promotion cost, commissions, new members and first-time depositors on the '' channel
 * row. A first-time depositor deposits in the range and has no EARLIER first deposit on record
 * (report_first_deposits); the fold upserts that table in the same statement, which this
 * statement's snapshot does not see, so fold and live read count alike.
 */
export function hourlyRowsSql(range: HourRange): SQL {
  const hour = (at: SQL) => localHourSql(at, range.offsetMinutes);
  return sql`
    SELECT local_hour, game_type, vendor_id, game_id, channel,
           sum(rounds)::bigint AS rounds, sum(bets)::bigint AS bets, sum(wins)::bigint AS wins,
           sum(deposit_count)::bigint AS deposit_count, sum(deposits)::bigint AS deposits,
           sum(first_deposit_count)::bigint AS first_deposit_count,
           sum(withdrawal_count)::bigint AS withdrawal_count, sum(withdrawals)::bigint AS withdrawals,
           sum(bonuses)::bigint AS bonuses, sum(commissions)::bigint AS commissions, sum(new_members)::bigint AS new_members
      FROM (
        SELECT ${hour(sql`r.at`)} AS local_hour, r.game_type, r.vendor_id, r.game_id, ''::text AS channel,
               count(*) AS rounds, sum(r.bet_total) AS bets, sum(r.payout_total) AS wins,
               0 AS deposit_count, 0 AS deposits, 0 AS first_deposit_count, 0 AS withdrawal_count, 0 AS withdrawals,
               0 AS bonuses, 0 AS commissions, 0 AS new_members
          FROM r GROUP BY 1, 2, 3, 4
        UNION ALL
        SELECT ${hour(sql`f.at`)}, '', 0, 0, CASE WHEN f.code = 'CASHIER_CLEARING' THEN f.channel ELSE '' END,
               0, 0, 0,
               count(*) FILTER (WHERE f.type = 'deposit'),
               coalesce(sum(f.amount) FILTER (WHERE f.type = 'deposit'), 0),
               0,
               count(*) FILTER (WHERE f.type = 'withdrawal_paid'),
               coalesce(-sum(f.amount) FILTER (WHERE f.type IN ('withdrawal_paid', 'withdrawal_returned')), 0),
               coalesce(sum(f.amount) FILTER (WHERE f.code = 'PROMOTION_COST'), 0),
               coalesce(sum(f.amount) FILTER (WHERE f.code = 'AGENT_COMMISSION_COST'), 0),
               0
          FROM f GROUP BY 1, 5
        UNION ALL
        SELECT ${hour(sql`d.first_at`)}, '', 0, 0, '', 0, 0, 0, 0, 0, count(*), 0, 0, 0, 0, 0
          FROM (SELECT f.member_id, min(f.at) AS first_at FROM f WHERE f.type = 'deposit' AND f.member_id IS NOT NULL GROUP BY f.member_id) d
         WHERE NOT EXISTS (SELECT 1 FROM ${reportFirstDeposits} fd
                            WHERE fd.merchant_id = ${range.merchantId} AND fd.member_id = d.member_id AND fd.first_at < d.first_at)
         GROUP BY 1
        UNION ALL
        SELECT ${hour(sql`j.at`)}, '', 0, 0, '', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*)
          FROM j GROUP BY 1
      ) parts
     GROUP BY local_hour, game_type, vendor_id, game_id, channel`;
}

/** The members who played or deposited, per local day (reads r, f): (local_day, member_id, played, deposited). */
export function memberDaysSql(range: HourRange): SQL {
  const day = (at: SQL) => sql`(${localHourSql(at, range.offsetMinutes)})::date`;
  return sql`
    SELECT local_day, member_id, bool_or(played) AS played, bool_or(deposited) AS deposited
      FROM (
        SELECT ${day(sql`r.at`)} AS local_day, r.member_id, true AS played, false AS deposited FROM r
        UNION ALL
        SELECT ${day(sql`f.at`)}, f.member_id, false, true FROM f WHERE f.type = 'deposit' AND f.member_id IS NOT NULL
      ) m
     GROUP BY local_day, member_id`;
}
