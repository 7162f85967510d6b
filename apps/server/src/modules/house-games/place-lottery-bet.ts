import type { LotteryTicket } from '@kismat/contracts/house-games';
import { DEFAULT_LANGUAGE, type Language } from '@kismat/contracts/languages';
import { formatAmount } from '@kismat/contracts/wallet';
import { ODDS_SCALE } from '@kismat/game-math/lottery/bet-types';
import type { LotteryKind, OddsTable } from '@kismat/game-math/lottery/lottery-types';
import { validateBet } from '@kismat/game-math/lottery/settle-bet';
import { and, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { lotteryIssues, lotteryTickets, lotteryTicketWins } from '../../db/schema/house-games';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import type { SessionCheck } from '../../platform/deferred-session';
import { AppError } from '../../platform/errors';
import { leanTransaction } from '../../platform/lean-transaction';
import { toBigInt } from '../../platform/sql-values';
import { refuseAbovePromotionMaxBet } from '../promotions/index';
import { chargeLockedState } from '../responsible-gambling/index';
import { AccountShapeCache, foldKeyedPosting, lockedLegsOf, readAccountCash } from '../wallet/index';
import { placeSlipInOneStatement } from './place-lottery-slip-fast';
import {
  isSlipKeyTaken,
  lockSlip,
  type SlipIssue,
  type SlipLocks,
  type SlipTicketValues,
  writeSlip,
} from './place-lottery-slip-statements';
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
  /** The route's session read, folded into the slip's first statement (platform/deferred-session.ts). */
  session?: SessionCheck | undefined;
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
 *
 * First, when this process has seen the issue open and every line is valid, the slip in one
 * autocommit statement (place-lottery-slip-fast.ts), which writes only when every check holds and
 * decides the cutoff on the issue's gate; when it writes nothing, the slip goes the way above.
 */
export async function placeLotteryBet(db: Db, input: PlaceLotteryBetInput) {
  let current = input;
  const fast = await placeFast(db, input);
  if (fast.answer) return fast.answer;
  if (fast.sessionChecked) current = { ...input, session: undefined };
  try {
    return await placeLotteryBetOnce(db, current);
  } catch (error) {
    if (!isSlipKeyTaken(error)) throw error;
    // The first run confirmed the session (its lock statement answered before the tickets' insert).
    return placeLotteryBetOnce(db, { ...input, session: undefined });
  }
}

/** The issues this process has read (per database): id, game, kind, number and times never change; status only as last seen. */
const knownIssues = new WeakMap<object, Map<number, SlipIssue>>();
const MAX_KNOWN_ISSUES = 10_000;

function rememberIssue(db: Db, issue: SlipIssue): void {
  let issues = knownIssues.get(db);
  if (!issues) {
    issues = new Map();
    knownIssues.set(db, issues);
  }
  if (issues.size >= MAX_KNOWN_ISSUES) issues.clear();
  issues.set(issue.id, issue);
}

/** The one-statement slip when it may apply (else nothing is sent): its answer, or whether the session was confirmed. */
async function placeFast(db: Db, input: PlaceLotteryBetInput): Promise<{ answer?: SlipAnswer; sessionChecked: boolean }> {
  const issue = knownIssues.get(db)?.get(input.issueId);
  const { now } = input;
  if (issue?.status !== 'OPEN' || issue.opensAt > now || issue.cutoffAt <= now) return { sessionChecked: false };
  const tickets: SlipTicketValues[] = [];
  for (const [lineNo, ticket] of input.tickets.entries()) {
    const check = validateBet(issue.kind as LotteryKind, { ...ticket, oddsTable: input.oddsTable });
    if (!check.ok) return { sessionChecked: false };
    tickets.push({ lineNo, ...ticket, oddsTable: check.oddsTable, oddsScaled: check.odds });
  }
  const betKey = slipBetKey(input);
  const outcome = await placeSlipInOneStatement(db, { ...input, issue, betKey, tickets }, shapesOf(db));
  if (!outcome.placed) return { sessionChecked: outcome.sessionChecked };
  return { answer: slipAnswer(input, issue, tickets, outcome), sessionChecked: true };
}

const slipBetKey = (input: PlaceLotteryBetInput) => `lottery:slip:${input.memberId}:${input.slipKey}`;

type SlipAnswer = { tickets: LotteryTicket[]; balanceMinor: bigint; isReplay: boolean };

/** The placed slip's answer: its tickets as stored (pending) and the member's balance after the bet. */
function slipAnswer(
  input: PlaceLotteryBetInput,
  issue: SlipIssue,
  tickets: readonly SlipTicketValues[],
  written: { ticketIds: readonly number[]; transferId: number; balanceAfter: bigint },
): SlipAnswer {
  const { accounts } = input;
  const rows: TicketRow[] = tickets.map((ticket, index) => ({
    id: written.ticketIds[index]!,
    issueId: issue.id,
    merchantId: input.merchantId,
    memberId: input.memberId,
    slipKey: input.slipKey,
    lineNo: ticket.lineNo,
    betType: ticket.betType,
    selection: ticket.selection,
    oddsTable: ticket.oddsTable,
    oddsScaled: ticket.oddsScaled,
    amountMinor: ticket.amountMinor,
    isTrial: accounts.isTrial,
    currency: accounts.currency,
    memberAccountId: accounts.memberAccountId,
    houseAccountId: accounts.houseAccountId,
    betTransferId: written.transferId,
    placedAt: input.now,
  }));
  return { tickets: rows.map((row) => presentTicket(row, issue, null)), balanceMinor: written.balanceAfter, isReplay: false };
}

/** The ledger accounts' fixed attributes, per database (AccountShapeCache): the posting reads none of them again. */
const accountShapes = new WeakMap<object, AccountShapeCache>();

function shapesOf(db: Db): AccountShapeCache {
  let shapes = accountShapes.get(db);
  if (!shapes) {
    shapes = new AccountShapeCache();
    accountShapes.set(db, shapes);
  }
  return shapes;
}

/**
 * The slip in two statements (place-lottery-slip-statements.ts): lock the issue (FOR SHARE), the
 * member's account row and rg_state, and read the slip key and the promotion max bet; check
 * (replay, max bet, issue open and before the cutoff, every line valid, funds, limits); then one
 * statement writes the bet (the wallet's keyed posting against the hot house account's shards),
 * the tickets naming its transfer and the responsible-gambling counters.
 */
async function placeLotteryBetOnce(db: Db, input: PlaceLotteryBetInput): Promise<SlipAnswer> {
  const cache = shapesOf(db);
  // Drizzle's transaction without its per-call database object (platform/lean-transaction.ts, as the spin's).
  return leanTransaction(db, async (tx) => {
    const { accounts } = input;
    const locked = await lockSlip(tx, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      memberAccountId: accounts.memberAccountId,
      isTrial: accounts.isTrial,
      issueId: input.issueId,
      slipKey: input.slipKey,
      session: input.session?.sql,
    });
    // The caller's session first, as when it was read before the slip: a refusal answers nothing else.
    input.session?.confirm(locked.session, input.now);
    if (locked.issue) rememberIssue(db, locked.issue);
    // An active promotion bonus caps each bet (issue 14): the largest ticket of the slip is checked,
    // first, as the route did before the slip's own checks.
    if (!accounts.isTrial) {
      let largest = 0n;
      for (const ticket of input.tickets) if (ticket.amountMinor > largest) largest = ticket.amountMinor;
      refuseAbovePromotionMaxBet(locked.maxBet, { amount: largest, language: input.language ?? DEFAULT_LANGUAGE });
    }
    const { issue } = locked;
    if (!issue) throw new AppError('NOT_FOUND');
    if (locked.existingCount > 0) return replay(tx, input, issue, locked);
    if (issue.status !== 'OPEN' || issue.cutoffAt <= input.now || issue.opensAt > input.now) throw new AppError('LOTTERY_ISSUE_CLOSED');

    const tickets = input.tickets.map((ticket, lineNo) => {
      const check = validateBet(issue.kind as LotteryKind, { ...ticket, oddsTable: input.oddsTable });
      if (!check.ok) throw new AppError('LOTTERY_BET_INVALID', { value: { line: lineNo, reason: check.reason } });
      return {
        lineNo,
        betType: ticket.betType,
        selection: ticket.selection,
        oddsTable: check.oddsTable,
        oddsScaled: check.odds,
        amountMinor: ticket.amountMinor,
      };
    });
    const total = tickets.reduce((sum, ticket) => sum + ticket.amountMinor, 0n);
    const locks = lockedLegsOf(tx, locked.cash);
    // The ledger's guard on the locked row, before anything is written: the debit postTransfer refused.
    if (!locks.tryMove(accounts.memberAccountId, -total)) {
      throw new AppError('INSUFFICIENT_FUNDS', { value: { accountId: accounts.memberAccountId } });
    }
    // Limits and exclusion (issue 17) on the rg_state row locked after the ledger row; a refusal
    // rolls the slip back. Wins are paid at the draw.
    const rgCounting = await chargeLockedState(tx, locked.rg, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      isTrial: accounts.isTrial,
      stakeMinor: total,
      now: input.now,
      ...(input.language ? { language: input.language } : {}),
      ...(input.utcOffsetMinutes === undefined ? {} : { utcOffsetMinutes: input.utcOffsetMinutes }),
    });
    const betKey = slipBetKey(input);
    const posting = await foldKeyedPosting(
      tx,
      {
        merchantId: input.merchantId,
        counterAccountId: accounts.houseAccountId,
        legs: [
          {
            accountId: accounts.memberAccountId,
            amount: -total,
            idempotencyKey: betKey,
            type: 'bet',
            reference: { kind: 'lottery_issue', id: String(issue.id) },
            metadata: { game: issue.gameCode, issue: issue.issueNo, tickets: tickets.length },
          },
        ],
      },
      input.now,
      { locks, accountCache: cache },
    );
    const slip = {
      issueId: issue.id,
      merchantId: input.merchantId,
      memberId: input.memberId,
      slipKey: input.slipKey,
      isTrial: accounts.isTrial,
      currency: accounts.currency,
      memberAccountId: accounts.memberAccountId,
      houseAccountId: accounts.houseAccountId,
      placedAt: input.now,
      betKey,
      tickets,
    };
    const written = await writeSlip(tx, { posting, slip, rgCounting });
    const [posted] = posting.results(written.ledger);
    if (!posted) throw new Error('lottery slip: no posting');
    return slipAnswer(input, issue, tickets, {
      ticketIds: written.ticketIds,
      transferId: posted.transferId,
      balanceAfter: posted.balanceAfter!,
    });
  });
}

/** The slip stored under the key, answered again with the member's balance now; other content under the key is a conflict. */
async function replay(tx: Tx, input: PlaceLotteryBetInput, issue: SlipIssue, locked: SlipLocks) {
  const existing = await tx
    .select({ ticket: lotteryTickets, win: lotteryTicketWins })
    .from(lotteryTickets)
    .leftJoin(lotteryTicketWins, eq(lotteryTicketWins.ticketId, lotteryTickets.id))
    .where(and(eq(lotteryTickets.memberId, input.memberId), eq(lotteryTickets.slipKey, input.slipKey)))
    .orderBy(lotteryTickets.lineNo);
  if (existing[0]?.ticket.issueId !== issue.id || existing.length !== input.tickets.length) throw new AppError('IDEMPOTENCY_CONFLICT');
  const cash = locked.cash[0];
  return {
    tickets: existing.map((row) => presentTicket(row.ticket, issue, row.win)),
    balanceMinor: cash ? toBigInt(cash.balance) : await readBalance(tx, input.accounts.memberAccountId),
    isReplay: true,
  };
}

async function readBalance(db: DbOrTx, accountId: number): Promise<bigint> {
  return (await readAccountCash(db, accountId)).balance;
}
