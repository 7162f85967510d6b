import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { SessionCheck } from '../../platform/deferred-session';
import { executePrepared } from '../../platform/prepared-statement';
import { rowsOf } from '../../platform/sql-values';
import { assumeSql, isStaleAssumption } from '../../platform/stale-assumption';
import { promotionMaxBetSql } from '../promotions/index';
import { noRgStateSql } from '../responsible-gambling/index';
import { type AccountShapeCache, foldKeyedPostingAfter } from '../wallet/index';
import { slipGateSql } from './lottery-issue-lock';
import { isSlipKeyTaken, type SlipIssue, type SlipTicketValues } from './place-lottery-slip-statements';
import type { PlayAccounts } from './resolve-play-accounts';

/*
 * A lottery slip in ONE autocommit statement (issue 16 item 3), for the case a rush is made of:
 * an issue this process has seen open, valid lines, a fresh slip key, a member without
 * responsible-gambling state, within any promotion max bet, with the funds. The statement checks
 * every one of those itself and writes only when all hold; otherwise it writes nothing and the
 * caller goes the two-statement way (place-lottery-bet.ts), which decides and answers as before
 * (a replay, a refusal with its error). So this path never refuses anything on its own.
 *
 *  - `slip_ok`: the caller's session (DeferredSessions' holdsSql, when the route folded its
 *    session read in), no ticket under the slip key, no rg_state row, the largest line within
 *    the smallest active promotion max bet, and last the issue's gate (lottery_slip_gate,
 *    migration 0061: the issue's advisory lock SHARED, then its status read with a fresh
 *    snapshot: OPEN, opened and before its cutoff at the slip's instant). The close, the draw and
 *    the cancellation take that lock EXCLUSIVE (lockIssueForChange), so a slip that passed the
 *    gate is in the set the close hashes, and one gated after the close reads CLOSED. No row of
 *    the issue is locked by the check: many slips of one issue never queue on one row.
 *  - the wallet's posting (foldKeyedPostingAfter): the member's account row locked once
 *    `slip_ok` holds (the ledger's lock order: issue, account, then the house shard), the bet
 *    on a free house shard, guarded against the member's balance;
 *  - the tickets naming the bet's transfer, only when `slip_ok` holds.
 * The statement ends with an error (platform/stale-assumption.ts, SQLSTATE KS409) when the
 * checks held but the posting or the tickets did not complete (a balance too low, a key posted
 * meanwhile): nothing of it is kept, and the caller goes the two-statement way. A slip racing
 * another under the same key fails on lottery_tickets_slip_line the same way.
 */

export interface FastSlipInput {
  merchantId: number;
  memberId: number;
  accounts: PlayAccounts;
  /** The issue as this process last read it (its id, game and number never change). */
  issue: SlipIssue;
  slipKey: string;
  betKey: string;
  /** The validated lines, in line order. */
  tickets: readonly SlipTicketValues[];
  now: Date;
  session?: SessionCheck | undefined;
}

export type FastSlipOutcome =
  | { placed: true; transferId: number; balanceAfter: bigint; ticketIds: number[] }
  /** Nothing written; `sessionChecked`: the session was confirmed on this statement's answer. */
  | { placed: false; sessionChecked: boolean };

export async function placeSlipInOneStatement(db: Db, input: FastSlipInput, accountCache: AccountShapeCache): Promise<FastSlipOutcome> {
  const { accounts, issue, session, now } = input;
  let total = 0n;
  let largest = 0n;
  for (const ticket of input.tickets) {
    total += ticket.amountMinor;
    if (ticket.amountMinor > largest) largest = ticket.amountMinor;
  }
  const checks = [
    sql`NOT EXISTS (SELECT 1 FROM lottery_tickets WHERE member_id = ${input.memberId}::integer AND slip_key = ${input.slipKey})`,
  ];
  if (!accounts.isTrial) {
    checks.push(noRgStateSql({ merchantId: input.merchantId, memberId: input.memberId }));
    const maxBet = promotionMaxBetSql(sql`${input.memberId}::integer`);
    checks.push(sql`${String(largest)}::bigint <= coalesce(${maxBet}::bigint, ${String(largest)}::bigint)`);
  }
  if (session) checks.push(session.holdsSql(now));
  // Last: the issue's lock is taken only by a slip that would otherwise be written.
  checks.push(slipGateSql(issue.id, now));

  const posting = await foldKeyedPostingAfter(
    db,
    {
      merchantId: input.merchantId,
      counterAccountId: accounts.houseAccountId,
      legs: [
        {
          accountId: accounts.memberAccountId,
          amount: -total,
          idempotencyKey: input.betKey,
          type: 'bet',
          reference: { kind: 'lottery_issue', id: String(issue.id) },
          metadata: { game: issue.gameCode, issue: issue.issueNo, tickets: input.tickets.length },
        },
      ],
    },
    now,
    { after: sql`(SELECT ok FROM slip_ok)`, accountCache },
  );
  const lines = JSON.stringify(
    input.tickets.map((ticket) => ({
      line_no: ticket.lineNo,
      bet_type: ticket.betType,
      selection: ticket.selection,
      odds_table: ticket.oddsTable,
      odds_scaled: String(ticket.oddsScaled),
      amount_minor: String(ticket.amountMinor),
    })),
  );
  const statement = sql`
    WITH slip_ok AS MATERIALIZED (SELECT ${sql.join(checks, sql` AND `)} AS ok),
    ${posting.parts},
    slip_tickets AS (
      INSERT INTO lottery_tickets (issue_id, merchant_id, member_id, slip_key, line_no, bet_type, selection, odds_table, odds_scaled,
        amount_minor, is_trial, currency, member_account_id, house_account_id, bet_transfer_id, placed_at)
      SELECT ${issue.id}::bigint, ${input.merchantId}::integer, ${input.memberId}::integer, ${input.slipKey}, t.line_no, t.bet_type,
             t.selection, t.odds_table, t.odds_scaled, t.amount_minor, ${accounts.isTrial}::boolean, ${accounts.currency},
             ${accounts.memberAccountId}::bigint, ${accounts.houseAccountId}::bigint, ${posting.transferIdSql(input.betKey)},
             ${now.toISOString()}::timestamptz
        FROM jsonb_to_recordset(${lines}::jsonb)
          AS t(line_no integer, bet_type text, selection text, odds_table text, odds_scaled bigint, amount_minor bigint)
       WHERE (SELECT ok FROM slip_ok)
      RETURNING id, line_no)
    SELECT (SELECT ok FROM slip_ok) AS ok, ${session ? session.sql : sql`NULL::json`} AS session, ${posting.answerSql} AS ledger,
           (SELECT json_agg(id::text ORDER BY line_no) FROM slip_tickets) AS tickets,
           ${assumeSql(
             sql`NOT (SELECT ok FROM slip_ok) OR (${posting.completeSql} AND (SELECT count(*) FROM slip_tickets) = ${input.tickets.length})`,
             'lottery slip',
           )} AS complete`;

  let row: { ok: boolean; session: unknown; ledger: unknown; tickets: unknown } | undefined;
  try {
    [row] = rowsOf<{ ok: boolean; session: unknown; ledger: unknown; tickets: unknown }>(
      await executePrepared(db, 'lottery_slip_fast', statement),
    );
  } catch (error) {
    if (isUndone(error)) return { placed: false, sessionChecked: false };
    throw error;
  }
  if (!row) throw new Error('lottery slip: no answer');
  // The session first, as when it was read before the slip: its refusal is the answer (nothing was written).
  session?.confirm(row.session, now);
  if (row.ok !== true) return { placed: false, sessionChecked: session !== undefined };
  const [posted] = posting.results(row.ledger);
  const ticketIds = (typeof row.tickets === 'string' ? (JSON.parse(row.tickets) as string[]) : (row.tickets as string[])).map(Number);
  if (!posted || posted.balanceAfter === null) throw new Error('lottery slip: no posting');
  return { placed: true, transferId: posted.transferId, balanceAfter: posted.balanceAfter, ticketIds };
}

/** The statement ended with an error that left nothing: an assumption the checks made failed (KS409), or a same-key race. */
function isUndone(error: unknown): boolean {
  return isStaleAssumption(error) || isSlipKeyTaken(error);
}
