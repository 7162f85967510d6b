import type { LotteryTicket } from '@kismat/contracts/house-games';
import type { Language } from '@kismat/contracts/languages';
import { formatAmount } from '@kismat/contracts/wallet';
import { ODDS_SCALE } from '@kismat/game-math/lottery/bet-types';
import type { LotteryKind, OddsTable } from '@kismat/game-math/lottery/lottery-types';
import { validateBet } from '@kismat/game-math/lottery/settle-bet';
import { and, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { lotteryIssues, lotteryTickets, lotteryTicketWins } from '../../db/schema/house-games';
import { sqlStateOf } from '../../platform/database-errors';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { chargeResponsibleGambling } from '../responsible-gambling/index';
import { postTransfer, readAccountCash } from '../wallet/index';
import type { PlayAccounts } from './resolve-play-accounts';

type TicketRow = typeof lotteryTickets.$inferSelect;
type TicketStatus = LotteryTicket['status'];

/** What a ticket's outcome is read from: its issue (status, draw time) and its win row, if any. */
export interface TicketIssue {
  gameCode: string;
  issueNo: string;
  status: string;
  drawnAt: Date | null;
}

/** A ticket row never changes: DRAWN with a win row is won, DRAWN without one lost, CANCELLED void, else pending. */
export function ticketStatus(issueStatus: string, win: { payoutMinor: bigint } | null): TicketStatus {
  if (issueStatus === 'DRAWN') return win ? 'won' : 'lost';
  if (issueStatus === 'CANCELLED') return 'void';
  return 'pending';
}

/** The same rule in SQL, for filtering a ticket list joined to its issue and left-joined to its win row. */
export function ticketStatusFilter(status: TicketStatus): SQL {
  switch (status) {
    case 'won':
      return and(eq(lotteryIssues.status, 'DRAWN'), isNotNull(lotteryTicketWins.ticketId))!;
    case 'lost':
      return and(eq(lotteryIssues.status, 'DRAWN'), isNull(lotteryTicketWins.ticketId))!;
    case 'void':
      return eq(lotteryIssues.status, 'CANCELLED');
    case 'pending':
      return inArray(lotteryIssues.status, ['OPEN', 'CLOSED']);
  }
}

export function presentTicket(row: TicketRow, issue: TicketIssue, win: { payoutMinor: bigint } | null): LotteryTicket {
  const status = ticketStatus(issue.status, win);
  return {
    ticketId: String(row.id),
    issueId: String(row.issueId),
    gameCode: issue.gameCode,
    issueNo: issue.issueNo,
    betType: row.betType,
    selection: row.selection,
    oddsTable: row.oddsTable as OddsTable,
    odds: `${row.oddsScaled / ODDS_SCALE}.${String(row.oddsScaled % ODDS_SCALE).padStart(4, '0')}`,
    amount: formatAmount(row.amountMinor),
    status,
    payout: formatAmount(status === 'won' ? (win?.payoutMinor ?? 0n) : 0n),
    isTrial: row.isTrial,
    placedAt: row.placedAt.toISOString(),
    settledAt: status === 'won' || status === 'lost' ? (issue.drawnAt?.toISOString() ?? null) : null,
  };
}

export interface PlaceLotteryBetInput {
  merchantId: number;
  memberId: number;
  accounts: PlayAccounts;
  issueId: number;
  oddsTable: OddsTable;
  slipKey: string;
  tickets: readonly { betType: string; selection: string; amountMinor: bigint }[];
  now: Date;
  /** The responsible-gambling refusal's language and site time. */
  language?: Language;
  utcOffsetMinutes?: number;
}

/**
 * Places a slip of tickets on one issue in one transaction. The issue row is read FOR SHARE:
 * bets run side by side, but the drawer's FOR UPDATE waits for them and they wait for it, and
 * the state check (OPEN, before cutoff) runs under that lock, so no ticket can land after the
 * freeze or be missed by settlement.
 *
 * A retry with the slip's key replays the first answer. Two requests with one key can both miss
 * the other's tickets (neither has committed when they look); the loser's insert then waits on
 * the unique (member, slip key, line) index until the winner commits and fails with a unique
 * violation. That is not an error to the client (issue 11: 9 of 30 parallel slips answered 500):
 * the loser runs again, finds the committed slip and answers it as a replay.
 */
export async function placeLotteryBet(db: Db, input: PlaceLotteryBetInput) {
  try {
    return await placeLotteryBetOnce(db, input);
  } catch (error) {
    if (!isSlipKeyTaken(error)) throw error;
    return placeLotteryBetOnce(db, input);
  }
}

/** The slip's lines were written by a concurrent request with the same key (tickets come before the debit). */
function isSlipKeyTaken(error: unknown): boolean {
  if (sqlStateOf(error) !== '23505') return false;
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 8; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint === 'lottery_tickets_slip_line';
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

async function placeLotteryBetOnce(db: Db, input: PlaceLotteryBetInput) {
  return db.transaction(async (tx) => {
    const [issue] = await tx.select().from(lotteryIssues).where(eq(lotteryIssues.id, input.issueId)).for('share');
    if (!issue) throw new AppError('NOT_FOUND');
    const existing = await tx
      .select({ ticket: lotteryTickets, win: lotteryTicketWins })
      .from(lotteryTickets)
      .leftJoin(lotteryTicketWins, eq(lotteryTicketWins.ticketId, lotteryTickets.id))
      .where(and(eq(lotteryTickets.memberId, input.memberId), eq(lotteryTickets.slipKey, input.slipKey)))
      .orderBy(lotteryTickets.lineNo);
    if (existing.length > 0) {
      if (existing[0]?.ticket.issueId !== issue.id || existing.length !== input.tickets.length) throw new AppError('IDEMPOTENCY_CONFLICT');
      return {
        tickets: existing.map((row) => presentTicket(row.ticket, issue, row.win)),
        balanceMinor: await readBalance(tx, input.accounts.memberAccountId),
        isReplay: true,
      };
    }
    if (issue.status !== 'OPEN' || issue.cutoffAt <= input.now || issue.opensAt > input.now) throw new AppError('LOTTERY_ISSUE_CLOSED');

    const rows = input.tickets.map((ticket, lineNo) => {
      const check = validateBet(issue.kind as LotteryKind, { ...ticket, oddsTable: input.oddsTable });
      if (!check.ok) throw new AppError('LOTTERY_BET_INVALID', { value: { line: lineNo, reason: check.reason } });
      return {
        issueId: issue.id,
        merchantId: input.merchantId,
        memberId: input.memberId,
        slipKey: input.slipKey,
        lineNo,
        betType: ticket.betType,
        selection: ticket.selection,
        oddsTable: check.oddsTable,
        oddsScaled: check.odds,
        amountMinor: ticket.amountMinor,
        isTrial: input.accounts.isTrial,
        currency: input.accounts.currency,
        memberAccountId: input.accounts.memberAccountId,
        houseAccountId: input.accounts.houseAccountId,
        placedAt: input.now,
      };
    });
    const inserted = await tx.insert(lotteryTickets).values(rows).returning();
    const total = rows.reduce((sum, row) => sum + row.amountMinor, 0n);
    const bet = await postTransfer(
      tx,
      {
        merchantId: input.merchantId,
        idempotencyKey: `lottery:slip:${input.memberId}:${input.slipKey}`,
        type: 'bet',
        reference: { kind: 'lottery_issue', id: String(issue.id) },
        entries: [
          { accountId: input.accounts.memberAccountId, amount: -total },
          { accountId: input.accounts.houseAccountId, amount: total },
        ],
        metadata: { game: issue.gameCode, issue: issue.issueNo, tickets: inserted.length },
      },
      () => input.now,
    );
    // Limits and exclusion (issue 17), after the ledger locked the member's cash (ledger row first,
    // then rg_state, in every money path); a refusal rolls the slip back. Wins are paid at the draw.
    await chargeResponsibleGambling(tx, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      isTrial: input.accounts.isTrial,
      stakeMinor: total,
      now: input.now,
      ...(input.language ? { language: input.language } : {}),
      ...(input.utcOffsetMinutes === undefined ? {} : { utcOffsetMinutes: input.utcOffsetMinutes }),
    });
    const updated = await tx
      .update(lotteryTickets)
      .set({ betTransferId: bet.transfer.id })
      .where(
        inArray(
          lotteryTickets.id,
          inserted.map((row) => row.id),
        ),
      )
      .returning();
    updated.sort((a, b) => a.lineNo - b.lineNo);
    return {
      tickets: updated.map((row) => presentTicket(row, issue, null)),
      balanceMinor: await readBalance(tx, input.accounts.memberAccountId),
      isReplay: false,
    };
  });
}

async function readBalance(db: DbOrTx, accountId: number): Promise<bigint> {
  return (await readAccountCash(db, accountId)).balance;
}
