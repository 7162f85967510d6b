import { and, desc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { recordOperatorAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { currentOperator } from '../../platform/operator-auth';
import { pageOfRows } from '../../platform/page-of-rows';
import type { AuditInTransaction } from './activity-review';

/**
 * Who reviews an activity application or a flagged referral, in which merchant scope and when,
 * and the audit the review writes in its own transaction: what every approve/reject call hands its
 * operation beside the case id (and the amount or reason).
 */
export function operatorReview(request: FastifyRequest, now: Date) {
  const operator = currentOperator(request);
  const audit: AuditInTransaction = (tx, entry) => recordOperatorAudit(tx, request, operator, entry);
  return { review: { reviewedBy: operator.username, scopeMerchantId: operator.merchantId, now }, audit };
}

/**
 * A page of a review queue (activity applications, flagged referrals): the rows of `table` in one
 * status, of the merchant or (null) of every merchant, oldest first while they wait for review
 * (`waiting`) so nobody waits longest, newest first otherwise; each presented for the operator.
 */
export async function reviewQueue<T extends PgTable & { id: PgColumn; merchantId: PgColumn }, Value>(
  db: DbOrTx,
  queue: { table: T; status: PgColumn; waiting: string },
  input: { merchantId: number | null; status: string; pageNo: number; pageSize: number },
  present: (db: DbOrTx, row: T['$inferSelect']) => Promise<Value>,
): Promise<{ list: Value[]; total: number }> {
  const where = and(eq(queue.status, input.status), input.merchantId === null ? undefined : eq(queue.table.merchantId, input.merchantId));
  const order = input.status === queue.waiting ? queue.table.id : desc(queue.table.id);
  const { rows, total } = await pageOfRows(db, queue.table, where, [order], input);
  const list: Value[] = [];
  for (const row of rows) list.push(await present(db, row));
  return { list, total };
}
