import type { FastifyRequest } from 'fastify';
import { recordOperatorAudit } from '../../platform/audit';
import { currentOperator } from '../../platform/operator-auth';
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
