import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rowsOf, toBigInt } from '../../platform/sql-values';
import { teamClosureRelation } from '../member/index';
import { gameRoundsRelation } from '../vendor-wallet/index';
import type { TeamPerformance } from './compute-bill-amount';

/**
 * A team's play over [from, to): the member and everyone below it. Valid bet counts settled
 * (CLOSED) rounds only, by settlement time, vendor and in-house alike (slot spins and drawn
 * lottery tickets are written to game_rounds when they settle: house-games
 * record-house-game-rounds.ts); rounds rolled back entirely carry no stake, so cancelled and
 * void play adds nothing. A member is active when one settled round of theirs
 * staked at least `activeMemberMinBet` (the spec's single-bet minimum) and more than zero.
 * One indexed join: closure rows of the root, then each member's rounds (the tree is the member
 * module's, the rounds vendor-wallet's: derived tables from their faces, inlined by PostgreSQL).
 */
export async function readTeamPerformance(
  db: DbOrTx,
  input: { rootMemberId: number; from: Date; to: Date; activeMemberMinBet: bigint; minDepth?: number },
): Promise<TeamPerformance> {
  const minBet = input.activeMemberMinBet > 0n ? input.activeMemberMinBet : 1n;
  const [row] = rowsOf<{ valid_bet: string; net_loss: string; active_members: number }>(
    await db.execute(sql`
      SELECT coalesce(sum(r.bet_total), 0)::text AS valid_bet,
        coalesce(sum(r.bet_total - r.payout_total), 0)::text AS net_loss,
        (count(DISTINCT r.member_id) FILTER (WHERE r.bet_total >= ${minBet.toString()}::bigint))::int AS active_members
      FROM ${teamClosureRelation()} t
      JOIN ${gameRoundsRelation()} r ON r.member_id = t.descendant_id
      WHERE t.ancestor_id = ${input.rootMemberId} AND t.depth >= ${input.minDepth ?? 0}
        AND r.status = 'CLOSED'
        -- Free-trial rounds are play money: no valid bet, no loss.
        AND NOT r.is_trial
        AND r.closed_at >= ${input.from.toISOString()}::timestamptz AND r.closed_at < ${input.to.toISOString()}::timestamptz`),
  );
  return { validBet: toBigInt(row?.valid_bet), netLoss: toBigInt(row?.net_loss), activeMembers: Number(row?.active_members ?? 0) };
}

/** One contract's team over its own window, as read by readTeamPerformances. */
export interface TeamWindow {
  key: number;
  rootMemberId: number;
  from: Date;
  to: Date;
  activeMemberMinBet: bigint;
}

/** Windows per statement: one statement for any real run (10,000 contracts), bounded all the same. */
const WINDOWS_PER_QUERY = 50_000;

/** A Postgres array literal as one text parameter: five parameters per statement, whatever the windows. */
function arrayLiteral(values: readonly (string | number)[]): string {
  return `{${values.map((value) => `"${value}"`).join(',')}}`;
}

/**
 * Many teams at once, the same figures as readTeamPerformance: one grouped statement for all
 * windows of a run (closure rows of each root, then each member's settled rounds in that root's
 * window), so a settlement run over thousands of contracts reads the tree and the day's rounds
 * once, not once per contract or per 2,000 contracts (issue 16: five reads of the whole day were
 * 3-4 s of a 10,000-contract run at load ~27). The windows travel as five array parameters (a
 * literal array: the planner sees its length). `opened_at < to` is implied by `closed_at < to`
 * and lets the (member, opened_at) index bound the scan. Teams with no settled play are absent
 * from the answer's figures (zero). Raw rounds, not the agent rollups: those trail the money by
 * the facts' lag, and a bill pays money once on exact figures (team-rollups.ts).
 */
export async function readTeamPerformances(db: DbOrTx, windows: readonly TeamWindow[]): Promise<Map<number, TeamPerformance>> {
  const result = new Map<number, TeamPerformance>();
  for (let start = 0; start < windows.length; start += WINDOWS_PER_QUERY) {
    const chunk = windows.slice(start, start + WINDOWS_PER_QUERY);
    const rows = rowsOf<{ key: string | number; valid_bet: string; net_loss: string; active_members: number }>(
      await db.execute(sql`
        SELECT w.key, coalesce(sum(r.bet_total), 0)::text AS valid_bet,
          coalesce(sum(r.bet_total - r.payout_total), 0)::text AS net_loss,
          (count(DISTINCT r.member_id) FILTER (WHERE r.bet_total >= w.min_bet))::int AS active_members
        FROM unnest(
          ${arrayLiteral(chunk.map((window) => window.key))}::bigint[],
          ${arrayLiteral(chunk.map((window) => window.rootMemberId))}::bigint[],
          ${arrayLiteral(chunk.map((window) => window.from.toISOString()))}::timestamptz[],
          ${arrayLiteral(chunk.map((window) => window.to.toISOString()))}::timestamptz[],
          ${arrayLiteral(chunk.map((window) => (window.activeMemberMinBet > 0n ? window.activeMemberMinBet : 1n).toString()))}::bigint[]
        ) AS w(key, root_id, from_at, to_at, min_bet)
        JOIN ${teamClosureRelation()} t ON t.ancestor_id = w.root_id
        JOIN ${gameRoundsRelation()} r ON r.member_id = t.descendant_id AND r.opened_at < w.to_at
          AND r.status = 'CLOSED' AND r.closed_at >= w.from_at AND r.closed_at < w.to_at
          AND NOT r.is_trial
        GROUP BY w.key`),
    );
    for (const row of rows) {
      result.set(Number(row.key), {
        validBet: toBigInt(row.valid_bet),
        netLoss: toBigInt(row.net_loss),
        activeMembers: Number(row.active_members),
      });
    }
  }
  return result;
}
