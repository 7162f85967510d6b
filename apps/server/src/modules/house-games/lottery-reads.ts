import { and, count, desc, eq, gt, inArray, lte, type SQL, sum } from 'drizzle-orm';
import { lotteryIssues, lotteryTickets, lotteryTicketWins } from '../../db/schema/house-games';
import type { DbOrTx } from '../../platform/db';
import { ticketStatusFilter } from './place-lottery-bet';

/** A lottery issue as stored. */
export type IssueRow = typeof lotteryIssues.$inferSelect;

/**
 * The issues on sale at `now` (opened, draw still ahead), soonest draw first; between the cutoff
 * and the draw an issue is still listed, as CLOSED (the job closes it at the cutoff with its
 * ticket-set hash; before that presentIssue shows it CLOSED by the clock), so the page can show
 * it waiting for its draw.
 */
export async function readOpenedIssues(db: DbOrTx, now: Date, gameCode?: string): Promise<IssueRow[]> {
  const filters: SQL[] = [
    inArray(lotteryIssues.status, ['OPEN', 'CLOSED']),
    lte(lotteryIssues.opensAt, now),
    gt(lotteryIssues.drawAt, now),
  ];
  if (gameCode) filters.push(eq(lotteryIssues.gameCode, gameCode));
  return db
    .select()
    .from(lotteryIssues)
    .where(and(...filters))
    .orderBy(lotteryIssues.drawAt);
}

/** The member's stake and ticket count per issue, for the issues given. */
export async function readMemberStakes(db: DbOrTx, memberId: number, issueIds: readonly number[]) {
  if (issueIds.length === 0) return [];
  return db
    .select({ issueId: lotteryTickets.issueId, stake: sum(lotteryTickets.amountMinor), tickets: count() })
    .from(lotteryTickets)
    .where(and(eq(lotteryTickets.memberId, memberId), inArray(lotteryTickets.issueId, [...issueIds])))
    .groupBy(lotteryTickets.issueId);
}

/** Drawn issues, latest draw first, of one game or all. */
export async function readDrawnIssues(db: DbOrTx, gameCode: string | undefined, limit: number): Promise<IssueRow[]> {
  const filters: SQL[] = [eq(lotteryIssues.status, 'DRAWN')];
  if (gameCode) filters.push(eq(lotteryIssues.gameCode, gameCode));
  return db
    .select()
    .from(lotteryIssues)
    .where(and(...filters))
    .orderBy(desc(lotteryIssues.drawAt))
    .limit(limit);
}

/** One issue by id (undefined when none). */
export async function findIssue(db: DbOrTx, issueId: number): Promise<IssueRow | undefined> {
  const [row] = await db.select().from(lotteryIssues).where(eq(lotteryIssues.id, issueId));
  return row;
}

/** A page of the member's tickets (newest first) with their issue and win, and the total. */
export async function listMemberTickets(
  db: DbOrTx,
  memberId: number,
  filter: { status?: Parameters<typeof ticketStatusFilter>[0] | undefined; gameCode?: string | undefined },
  page: { pageNo: number; pageSize: number },
) {
  const filters: SQL[] = [eq(lotteryTickets.memberId, memberId)];
  if (filter.status) filters.push(ticketStatusFilter(filter.status));
  if (filter.gameCode) filters.push(eq(lotteryIssues.gameCode, filter.gameCode));
  const where = and(...filters);
  const rows = await db
    .select({
      ticket: lotteryTickets,
      win: lotteryTicketWins,
      issue: {
        gameCode: lotteryIssues.gameCode,
        issueNo: lotteryIssues.issueNo,
        status: lotteryIssues.status,
        drawnAt: lotteryIssues.drawnAt,
      },
    })
    .from(lotteryTickets)
    .innerJoin(lotteryIssues, eq(lotteryIssues.id, lotteryTickets.issueId))
    .leftJoin(lotteryTicketWins, eq(lotteryTicketWins.ticketId, lotteryTickets.id))
    .where(where)
    .orderBy(desc(lotteryTickets.id))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  const [total] = await db
    .select({ value: count() })
    .from(lotteryTickets)
    .innerJoin(lotteryIssues, eq(lotteryIssues.id, lotteryTickets.issueId))
    .leftJoin(lotteryTicketWins, eq(lotteryTicketWins.ticketId, lotteryTickets.id))
    .where(where);
  return { rows, total: total?.value ?? 0 };
}
