import type { FastifyRequest } from 'fastify';
import { recordOperatorAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { assertMerchantScope, type OperatorIdentity } from '../../platform/operator-auth';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { findReviewTarget } from '../cashier/index';
import { deferRealtime } from './defer-realtime';

/** The deps a cashier review operation runs with (inside the outer transaction). */
export interface ReviewDeps {
  db: Db;
  realtime: RealtimeHub;
  now: Date;
}

/** One review action: its audit action, the cashier operation it runs and the audit detail of its result. */
export interface CashierReview<Result> {
  action: string;
  run: (
    deps: ReviewDeps,
    input: { id: number; reviewedBy: string; note: string | undefined; reference: string | undefined },
  ) => Promise<Result>;
  detail: (result: Result) => Record<string, unknown>;
}

/**
 * Approves, rejects or marks paid one deposit or withdrawal: the cashier operation runs inside
 * one outer transaction with its audit row, so the action and its record commit together (a
 * replay moved nothing and was audited the first time); the member's /ws push is sent after
 * that commit, never for a rolled-back action.
 */
export async function reviewCashierRequest<Result extends { isReplay: boolean }>(
  deps: ReviewDeps,
  request: FastifyRequest,
  operator: OperatorIdentity,
  input: { type: 'deposit' | 'withdrawal'; id: number; note: string | undefined; reference: string | undefined },
  review: CashierReview<Result>,
): Promise<void> {
  const { id, note, reference } = input;
  const target = await findReviewTarget(deps.db, input.type, id);
  if (!target) throw new AppError('NOT_FOUND');
  assertMerchantScope(operator, target.merchantId);
  const realtime = deferRealtime(deps.realtime);
  await deps.db.transaction(async (tx) => {
    const outcome = await review.run(
      { db: tx as unknown as Db, realtime: realtime.hub, now: deps.now },
      { id, reviewedBy: operator.username, note, reference },
    );
    if (!outcome.isReplay) {
      await recordOperatorAudit(tx, request, operator, {
        action: review.action,
        targetType: input.type,
        targetId: id,
        merchantId: target.merchantId,
        memberId: target.memberId,
        reason: note ?? null,
        detail: { before: { status: target.status }, ...review.detail(outcome) },
      });
    }
  });
  await realtime.flush();
}
