import { and, eq, lte, sql } from 'drizzle-orm';
import { lotteryIssues } from '../../db/schema/house-games';
import type { Db, DbOrTx } from '../../platform/db';
import { rowsOf, toNumber } from '../../platform/sql-values';
import { lockIssueForChange } from './lottery-issue-lock';

type IssueRow = typeof lotteryIssues.$inferSelect;

/**
 * SHA-256 and size of an issue's closed ticket set, computed by Postgres in one statement over
 * the canonical lines of game-math's `ticketSetLine` (`<id>|<bet type>|<selection>|<odds
 * scaled>|<amount minor>\n`, ascending id): about a second for a million tickets, and no ticket
 * crosses the wire. Every field is ASCII, so the UTF-8 bytes hashed are the characters shown.
 */
export async function hashTicketSetInDatabase(db: DbOrTx, issueId: number): Promise<{ hash: string; count: number }> {
  const [row] = rowsOf<{ hash: string; count: unknown }>(
    await db.execute(sql`
      SELECT encode(sha256(convert_to(coalesce(string_agg(
               t.id || '|' || t.bet_type || '|' || t.selection || '|' || t.odds_scaled || '|' || t.amount_minor || E'\\n',
               '' ORDER BY t.id), ''), 'UTF8')), 'hex') AS hash,
             count(*) AS count
        FROM lottery_tickets t
       WHERE t.issue_id = ${issueId}`),
  );
  if (!row) throw new Error('ticket set not hashed');
  return { hash: row.hash, count: toNumber(row.count) };
}

/**
 * Closes an OPEN issue whose cutoff has passed, inside the caller's transaction and under its
 * locks on the issue (lockIssueForChange, then FOR UPDATE: they waited for every slip that passed
 * the gate or holds the row FOR SHARE, and make later slips find it CLOSED): fixes and publishes
 * the hash of its ticket set, the draw's client seed.
 */
export async function closeTicketSet(tx: DbOrTx, issue: IssueRow, now: Date): Promise<IssueRow> {
  const { hash, count } = await hashTicketSetInDatabase(tx, issue.id);
  const [closed] = await tx
    .update(lotteryIssues)
    .set({ status: 'CLOSED', ticketSetHash: hash, ticketSetCount: count, closedAt: now })
    .where(eq(lotteryIssues.id, issue.id))
    .returning();
  if (!closed) throw new Error('issue not closed');
  return closed;
}

/**
 * Closes one issue at its cutoff (issue 11, finding 5): from here its ticket set is final and
 * its hash public, so the result is fixed (committed seed + this hash) before anyone can know it.
 */
export async function closeLotteryIssue(db: Db, input: { issueId: number; now: Date }): Promise<'closed' | 'not-open' | 'not-due'> {
  return db.transaction(async (tx) => {
    await lockIssueForChange(tx, input.issueId);
    const [issue] = await tx.select().from(lotteryIssues).where(eq(lotteryIssues.id, input.issueId)).for('update');
    if (issue?.status !== 'OPEN') return 'not-open';
    if (issue.cutoffAt > input.now) return 'not-due';
    await closeTicketSet(tx, issue, input.now);
    return 'closed';
  });
}

/** Closes every issue whose cutoff has passed (the lottery job, before it draws). */
export async function closeDueLotteryIssues(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: lotteryIssues.id })
    .from(lotteryIssues)
    .where(and(eq(lotteryIssues.status, 'OPEN'), lte(lotteryIssues.cutoffAt, now)))
    .orderBy(lotteryIssues.cutoffAt);
  let closed = 0;
  for (const issue of due) if ((await closeLotteryIssue(db, { issueId: issue.id, now })) === 'closed') closed += 1;
  return closed;
}
