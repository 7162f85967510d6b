import { eq, sql } from 'drizzle-orm';
import { lotteryIssues } from '../../db/schema/house-games';
import { type AuditActor, type RequestOrigin, recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { rowsOf, toBigInt, toNumber } from '../../platform/sql-values';
import { lockIssueForChange } from './lottery-issue-lock';
import { postIssueLegs, type TicketAccountRow } from './post-issue-legs';
import { serverSeedOf } from './seed-vault';

export interface CancelLotteryIssueInput {
  issueId: number;
  now: Date;
  reason: string;
  actor: AuditActor;
  origin: RequestOrigin;
  operatorId?: number | undefined;
}

/**
 * The only way an issue is cancelled (issue 11, finding 5), and only by rule, never by choice of
 * outcome: an insider who can cancel after seeing the result cancels exactly the draws the
 * house would lose. So:
 *  - only while it is OPEN and before its cutoff: until then the result does not exist yet (it
 *    depends on the ticket set, closed at the cutoff), so a cancellation cannot be selective;
 *    from the cutoff on, the draw happens, whatever it is;
 *  - all or nothing: every ticket of the issue is void and every stake refunded (one `rollback`
 *    transfer per member account, key `lottery:issue:<id>:refund:<account>`), in the same
 *    transaction as the status change;
 *  - the seed is published (a pattern of cancelled issues stays checkable) and the cancellation
 *    is written to the audit log with its reason, in the same transaction.
 */
export async function cancelLotteryIssue(db: Db, input: CancelLotteryIssueInput): Promise<{ tickets: number; refundedMinor: bigint }> {
  return db.transaction(async (tx) => {
    // Every slip that passed the gate is in the refund; every later one finds the issue CANCELLED.
    await lockIssueForChange(tx, input.issueId);
    const [issue] = await tx.select().from(lotteryIssues).where(eq(lotteryIssues.id, input.issueId)).for('update');
    if (!issue) throw new AppError('NOT_FOUND');
    if (issue.status !== 'OPEN' || issue.cutoffAt <= input.now) throw new AppError('LOTTERY_ISSUE_CLOSED');

    const accounts = rowsOf<TicketAccountRow>(
      await tx.execute(sql`
        SELECT merchant_id, house_account_id, member_account_id, count(*) AS tickets, sum(amount_minor) AS stake
          FROM lottery_tickets WHERE issue_id = ${issue.id}
         GROUP BY merchant_id, house_account_id, member_account_id`),
    );
    const tickets = accounts.reduce((sum, row) => sum + toNumber(row.tickets), 0);
    const refunded = accounts.reduce((sum, row) => sum + toBigInt(row.stake), 0n);
    await postIssueLegs(
      tx,
      issue,
      accounts,
      { type: 'rollback', keyPart: 'refund', amountOf: (row) => toBigInt(row.stake), cancelled: true },
      input.now,
    );
    await tx
      .update(lotteryIssues)
      .set({
        status: 'CANCELLED',
        cancelledAt: input.now,
        serverSeedHex: serverSeedOf(issue),
        serverSeedSealed: null,
        ticketCount: tickets,
      })
      .where(eq(lotteryIssues.id, issue.id));
    await recordAudit(tx, {
      merchantId: null,
      memberId: null,
      actor: input.actor,
      action: 'lottery_issue.cancelled',
      origin: input.origin,
      detail: {
        issueId: issue.id,
        gameCode: issue.gameCode,
        issueNo: issue.issueNo,
        reason: input.reason,
        tickets,
        refundedMinor: refunded.toString(),
        ...(input.operatorId !== undefined ? { operatorId: input.operatorId } : {}),
      },
      at: input.now,
    });
    return { tickets, refundedMinor: refunded };
  });
}
