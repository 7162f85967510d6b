import { type SQL, sql } from 'drizzle-orm';
import { gameRounds } from '../../db/schema/games';

/**
 * A derived table of a merchant's settled real-money rounds over [from, to) by settlement time
 * (a vendor round's settling win, else its close), as (at, member_id, game_type, vendor_id,
 * game_id, bet_total, payout_total): the reports module's hourly fold and today's live read
 * (docs/reports.md). An index-only range read on game_rounds_report_settled.
 */
export function settledRoundsRelation(input: { merchantId: number; from: Date; to: Date }): SQL {
  return sql`(select coalesce(settled_at, closed_at) as at, member_id, game_type, vendor_id, game_id, bet_total, payout_total
      from ${gameRounds}
     where merchant_id = ${input.merchantId} and status = 'CLOSED' and not is_trial
       and coalesce(settled_at, closed_at) >= ${input.from.toISOString()}::timestamptz
       and coalesce(settled_at, closed_at) < ${input.to.toISOString()}::timestamptz)`;
}
