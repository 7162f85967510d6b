import { type SQL, sql } from 'drizzle-orm';
import { uniqueViolationConstraint } from '../../platform/database-errors';
import type { Tx } from '../../platform/db';
import { rowsOf, toNumber } from '../../platform/sql-values';
import { promotionMaxBetSql } from '../promotions/index';
import { lockRgStateSql } from '../responsible-gambling/index';
import { type FoldedKeyedPosting, type LegLockRow, legLockQuery } from '../wallet/index';

/*
 * A lottery slip's two statements (place-lottery-bet.ts; issue 16: ~17 statements per slip
 * before: issue lock, slip read, a postTransfer of 7 round trips, the responsible-gambling read,
 * the tickets' insert and update, the balance read, the route's max-bet read). The first locks
 * and reads what the checks need, the second writes the money and the tickets together. Other
 * modules' tables are written by the SQL their faces hand over (the wallet's folded posting, the
 * responsible-gambling counters), placed here as WITH parts, as the slot spin does.
 */

/** The issue columns a slip is checked and presented against. */
export interface SlipIssue {
  id: number;
  gameCode: string;
  kind: string;
  issueNo: string;
  status: string;
  opensAt: Date;
  cutoffAt: Date;
  drawnAt: Date | null;
}

export interface SlipLocks {
  /** The issue row, read FOR SHARE (the close's FOR UPDATE waits for the slip, and the slip for it); null: no such issue. */
  issue: SlipIssue | null;
  /** Tickets already stored under the slip key (as this statement's snapshot saw them): the slip is a replay. */
  existingCount: number;
  /** The member's account row, locked: for the wallet's LockedLegs. */
  cash: LegLockRow[];
  /** The member's rg_state row with limits, locked, or null (none, or a trial player). */
  rg: unknown;
  /** The smallest active promotion max bet (minor units as text), or null. */
  maxBet: string | null;
  /** The caller's session state (`session` given: platform's SessionCheck), else undefined. */
  session: unknown;
}

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const dateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(String(value)));

/**
 * One statement, locks in the slip's order: the issue row FOR SHARE (the cutoff is checked on
 * what this lock read, so a slip is either in the set the close hashes or refused), the slip's
 * tickets, the member's account row (the wallet's lock statement), then rg_state (ledger first,
 * then rg_state, as every money path). Uncorrelated subqueries of the one select run in the
 * order written. With `session` (the route's session read folded in, platform/deferred-session.ts)
 * it also answers the caller's session state, which the caller confirms before anything else.
 */
export async function lockSlip(
  tx: Tx,
  input: {
    merchantId: number;
    memberId: number;
    memberAccountId: number;
    isTrial: boolean;
    issueId: number;
    slipKey: string;
    session?: SQL | undefined;
  },
): Promise<SlipLocks> {
  const rg = input.isTrial ? sql`SELECT NULL::integer AS none WHERE false` : lockRgStateSql(input);
  const maxBet = input.isTrial ? sql`NULL::text` : promotionMaxBetSql(sql`${input.memberId}::integer`);
  const session = input.session ? sql`, ${input.session} AS session` : sql``;
  const [row] = rowsOf<{ issue: unknown; existing: unknown; cash: unknown; rg: unknown; max_bet: string | null; session?: unknown }>(
    await tx.execute(sql`
      WITH issue AS (
        SELECT id, game_code, kind, issue_no, status, opens_at, cutoff_at, drawn_at FROM lottery_issues
         WHERE id = ${input.issueId} FOR SHARE),
      existing AS (SELECT count(*) AS n FROM lottery_tickets WHERE member_id = ${input.memberId} AND slip_key = ${input.slipKey}),
      cash AS (${legLockQuery([input.memberAccountId])}),
      rg AS (${rg})
      SELECT (SELECT row_to_json(issue) FROM issue) AS issue,
             (SELECT n FROM existing) AS existing,
             (SELECT json_agg(json_build_object('id', id, 'balance', balance::text, 'held', held::text, 'allows_negative', allows_negative))
                FROM cash) AS cash,
             (SELECT row_to_json(rg) FROM rg) AS rg,
             ${maxBet} AS max_bet${session}`),
  );
  if (!row) throw new Error('slip locks: no answer');
  const issue = parsed<Record<string, unknown> | null>(row.issue);
  return {
    issue: issue
      ? {
          id: toNumber(issue.id),
          gameCode: String(issue.game_code),
          kind: String(issue.kind),
          issueNo: String(issue.issue_no),
          status: String(issue.status),
          opensAt: new Date(String(issue.opens_at)),
          cutoffAt: new Date(String(issue.cutoff_at)),
          drawnAt: dateOrNull(issue.drawn_at),
        }
      : null,
    existingCount: toNumber(row.existing ?? 0),
    cash: parsed<LegLockRow[] | null>(row.cash) ?? [],
    rg: parsed<unknown>(row.rg) ?? null,
    maxBet: row.max_bet ?? null,
    session: input.session ? (parsed<unknown>(row.session) ?? null) : undefined,
  };
}

/** A ticket row as the slip writes it (its bet transfer comes from the same statement). */
export interface SlipTicketValues {
  lineNo: number;
  betType: string;
  selection: string;
  oddsTable: string;
  oddsScaled: bigint;
  amountMinor: bigint;
}

export interface SlipValues {
  issueId: number;
  merchantId: number;
  memberId: number;
  slipKey: string;
  isTrial: boolean;
  currency: string;
  memberAccountId: number;
  houseAccountId: number;
  placedAt: Date;
  betKey: string;
  tickets: readonly SlipTicketValues[];
}

/**
 * One statement: the ledger posting (the slip's one bet leg), the tickets naming its transfer,
 * the responsible-gambling counters. The tickets are inserted whatever the posting did, so a
 * slip racing another under the same key fails on lottery_tickets_slip_line (the caller runs
 * again and answers the committed slip as a replay). Answers the posting's answer and the new
 * tickets' ids in line order.
 */
export async function writeSlip(
  tx: Tx,
  input: { posting: FoldedKeyedPosting; slip: SlipValues; rgCounting: SQL | null },
): Promise<{ ledger: unknown; ticketIds: number[] }> {
  const { posting, slip } = input;
  const placedAt = slip.placedAt.toISOString();
  const transferId = posting.transferIdSql(slip.betKey);
  const values = sql.join(
    slip.tickets.map(
      (
        ticket,
      ) => sql`(${slip.issueId}::bigint, ${slip.merchantId}::integer, ${slip.memberId}::integer, ${slip.slipKey}, ${ticket.lineNo}::integer,
        ${ticket.betType}, ${ticket.selection}, ${ticket.oddsTable}, ${String(ticket.oddsScaled)}::bigint, ${String(ticket.amountMinor)}::bigint,
        ${slip.isTrial}::boolean, ${slip.currency}, ${slip.memberAccountId}::bigint, ${slip.houseAccountId}::bigint, ${transferId},
        ${placedAt}::timestamptz)`,
    ),
    sql`, `,
  );
  const [row] = rowsOf<{ ledger: unknown; tickets: unknown }>(
    await tx.execute(sql`
      WITH ${posting.parts},
      slip_tickets AS (
        INSERT INTO lottery_tickets (issue_id, merchant_id, member_id, slip_key, line_no, bet_type, selection, odds_table, odds_scaled,
          amount_minor, is_trial, currency, member_account_id, house_account_id, bet_transfer_id, placed_at)
        VALUES ${values}
        RETURNING id, line_no)${input.rgCounting ? sql`, ${input.rgCounting}` : sql``}
      SELECT ${posting.answerSql} AS ledger,
             (SELECT json_agg(id::text ORDER BY line_no) FROM slip_tickets) AS tickets`),
  );
  const ticketIds = (parsed<string[] | null>(row?.tickets) ?? []).map(Number);
  if (!row || ticketIds.length !== slip.tickets.length) throw new Error('lottery slip tickets not written');
  return { ledger: row.ledger, ticketIds };
}

/**
 * The slip's lines were written by a concurrent request under the same key (tickets come before the
 * debit, and lottery_tickets_slip_line is unique): the caller answers as the replay it is.
 */
export function isSlipKeyTaken(error: unknown): boolean {
  return uniqueViolationConstraint(error) === 'lottery_tickets_slip_line';
}
