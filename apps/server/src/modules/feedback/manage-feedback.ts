import type { FeedbackItem, FeedbackStatus } from '@kismat/contracts/feedback';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { feedback } from '../../db/schema/feedback';
import { recordOperatorAudit } from '../../platform/audit';
import type { Db, DbOrTx } from '../../platform/db';
import { lockMerchantRow } from '../../platform/lock-merchant-row';
import { pageOfRows } from '../../platform/page-of-rows';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { pushInboxMessage, sendInboxMessage } from '../inbox/index';

type FeedbackRow = typeof feedback.$inferSelect;
type Operator = { id: number | null; username: string };

export function presentFeedback(row: FeedbackRow): FeedbackItem {
  return {
    id: row.id,
    memberId: row.memberId,
    sender: row.sender,
    type: row.type,
    content: row.content,
    status: row.status as FeedbackStatus,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    repliedBy: row.repliedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Customer service's list: the merchant's feedback by question type and status, newest first. */
export async function listFeedback(
  db: DbOrTx,
  merchantId: number,
  filter: { type?: number | undefined; status?: FeedbackStatus | undefined; page: number; size: number },
): Promise<{ items: FeedbackRow[]; total: number }> {
  const where = and(
    eq(feedback.merchantId, merchantId),
    filter.type === undefined ? undefined : eq(feedback.type, filter.type),
    filter.status === undefined ? undefined : eq(feedback.status, filter.status),
  );
  const { rows, total } = await pageOfRows(db, feedback, where, [desc(feedback.id)], { pageNo: filter.page, pageSize: filter.size });
  return { items: rows, total };
}

/**
 * Answers a feedback: the reply is stored (plain text) and, for a member's feedback, lands in
 * their inbox as 'feedback_answered' in the same commit, pushed live after it. A visitor's
 * feedback has no inbox; its answer stays on the record. A second answer replaces the first on
 * the record and updates nothing in the inbox (one message per feedback).
 */
export async function answerFeedback(
  deps: { db: Db; realtime: RealtimeHub; now: Date },
  request: FastifyRequest,
  operator: Operator,
  input: { merchantId: number; id: number; reply: string },
): Promise<FeedbackRow> {
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await lockMerchantRow(tx, feedback, input.merchantId, input.id);
    const [answered] = await tx
      .update(feedback)
      .set({ reply: input.reply, repliedAt: deps.now, repliedBy: operator.username, status: 'ANSWERED' })
      .where(eq(feedback.id, row.id))
      .returning();
    const message =
      row.memberId === null
        ? null
        : await sendInboxMessage(tx, {
            merchantId: row.merchantId,
            memberId: row.memberId,
            kind: 'feedback_answered',
            referenceId: row.id,
            // The member's own words as the heading, the answer as the body: both plain text.
            title: row.content.slice(0, 120),
            body: input.reply,
            now: deps.now,
          });
    await recordOperatorAudit(tx, request, operator, {
      action: 'feedback.answered',
      targetType: 'feedback',
      targetId: row.id,
      merchantId: row.merchantId,
      memberId: row.memberId,
      detail: { type: row.type, deliveredToInbox: message !== null },
    });
    return { row: answered ?? row, message };
  });
  await pushInboxMessage(deps.db, deps.realtime, outcome.message);
  return outcome.row;
}

/** Moves a feedback to NEW, ANSWERED or CLOSED (audited). */
export async function changeFeedbackStatus(
  db: Db,
  request: FastifyRequest,
  operator: Operator,
  input: { merchantId: number; id: number; status: FeedbackStatus },
): Promise<FeedbackRow> {
  return db.transaction(async (tx) => {
    const row = await lockMerchantRow(tx, feedback, input.merchantId, input.id);
    const [changed] = await tx.update(feedback).set({ status: input.status }).where(eq(feedback.id, row.id)).returning();
    await recordOperatorAudit(tx, request, operator, {
      action: 'feedback.status_changed',
      targetType: 'feedback',
      targetId: row.id,
      merchantId: row.merchantId,
      memberId: row.memberId,
      detail: { from: row.status, to: input.status },
    });
    return changed ?? row;
  });
}
