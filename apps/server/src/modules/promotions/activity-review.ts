import { type ApplicationStatus, activityConfig } from '@kismat/contracts/promotion-kinds';
import { formatAmount } from '@kismat/contracts/wallet';
import { eq } from 'drizzle-orm';
import { activityApplications } from '../../db/schema/promotion-campaigns';
import { promotions } from '../../db/schema/promotions';
import type { OperatorAuditEntry } from '../../platform/audit';
import { type Db, type DbOrTx, inTransaction, type Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockMerchantRow } from '../../platform/lock-merchant-row';
import { findMemberById } from '../member/index';
import { type ActivityApplicationRow, presentApplication } from './activity-apply';
import { awardPromotion } from './award-promotion';
import { reviewQueue } from './operator-review';

/** Writes the operator's audit row inside the review's transaction (the route binds request and operator). */
export type AuditInTransaction = (tx: Tx, entry: OperatorAuditEntry) => Promise<void>;

async function presentForOperator(db: DbOrTx, row: ActivityApplicationRow) {
  const [promotion] = await db.select().from(promotions).where(eq(promotions.id, row.promotionId));
  const member = await findMemberById(db, row.merchantId, row.memberId);
  const rule = activityConfig.safeParse(promotion?.config ?? {});
  return {
    ...presentApplication(row, promotion ? promotion.title.EN || promotion.title.BN : ''),
    memberId: row.memberId,
    memberName: member?.username ?? '',
    minAmount: formatAmount(rule.success ? rule.data.minAmount : 0n),
    maxAmount: formatAmount(rule.success ? rule.data.maxAmount : 0n),
    reviewedBy: row.reviewedBy,
  };
}

/** The applications queue (default: waiting for review), oldest first so nobody waits longest. */
export function listApplicationsForOperator(
  db: DbOrTx,
  input: { merchantId: number | null; status: ApplicationStatus; pageNo: number; pageSize: number },
) {
  return reviewQueue(
    db,
    { table: activityApplications, status: activityApplications.status, waiting: 'APPLYING' },
    input,
    presentForOperator,
  );
}

/**
 * Issues an application: pays `amount` (within the promotion's min..max) as one award keyed by
 * the application, so a double approve (two operators, a retried click) pays once and answers
 * the issued application. Audited in the same transaction.
 */
export async function approveApplication(
  db: Db,
  input: { id: number; amount: bigint; reviewedBy: string; scopeMerchantId: number | null; now: Date },
  audit: AuditInTransaction,
) {
  return inTransaction(db, async (tx) => {
    const row = await lockMerchantRow(tx, activityApplications, input.scopeMerchantId, input.id);
    if (row.status === 'ISSUED') return presentForOperator(tx, row);
    if (row.status !== 'APPLYING') throw new AppError('CAMPAIGN_ALREADY_REVIEWED');
    const [promotion] = await tx.select().from(promotions).where(eq(promotions.id, row.promotionId));
    const rule = activityConfig.safeParse(promotion?.config ?? {});
    if (!promotion || !rule.success) throw new AppError('PROMOTION_NOT_AVAILABLE');
    if (input.amount < rule.data.minAmount || input.amount > rule.data.maxAmount) {
      throw new AppError('CAMPAIGN_AMOUNT_OUT_OF_RULE', {
        value: { min: formatAmount(rule.data.minAmount), max: formatAmount(rule.data.maxAmount) },
      });
    }
    const { award } = await awardPromotion(tx, {
      promotionId: promotion.id,
      memberId: row.memberId,
      periodKey: `application:${row.id}`,
      amount: input.amount,
      reason: `activity application ${row.id} approved by ${input.reviewedBy}`,
      now: input.now,
    });
    const [issued] = await tx
      .update(activityApplications)
      .set({ status: 'ISSUED', amount: award.amount, awardId: award.id, reviewedBy: input.reviewedBy, reviewedAt: input.now })
      .where(eq(activityApplications.id, row.id))
      .returning();
    if (!issued) throw new Error('application not issued');
    await audit(tx, {
      action: 'promotion.application_approved',
      targetType: 'activity_application',
      targetId: row.id,
      merchantId: row.merchantId,
      memberId: row.memberId,
      detail: { promotionId: promotion.id, amount: formatAmount(award.amount), awardId: award.id },
    });
    return presentForOperator(tx, issued);
  });
}

/** Rejects an application with the reason the member sees; nothing is paid. A repeat answers the rejection. */
export async function rejectApplication(
  db: Db,
  input: { id: number; reason: string; reviewedBy: string; scopeMerchantId: number | null; now: Date },
  audit: AuditInTransaction,
) {
  return inTransaction(db, async (tx) => {
    const row = await lockMerchantRow(tx, activityApplications, input.scopeMerchantId, input.id);
    if (row.status === 'REJECTED') return presentForOperator(tx, row);
    if (row.status !== 'APPLYING') throw new AppError('CAMPAIGN_ALREADY_REVIEWED');
    const [rejected] = await tx
      .update(activityApplications)
      .set({ status: 'REJECTED', rejectReason: input.reason, reviewedBy: input.reviewedBy, reviewedAt: input.now })
      .where(eq(activityApplications.id, row.id))
      .returning();
    if (!rejected) throw new Error('application not rejected');
    await audit(tx, {
      action: 'promotion.application_rejected',
      targetType: 'activity_application',
      targetId: row.id,
      merchantId: row.merchantId,
      memberId: row.memberId,
      reason: input.reason,
    });
    return presentForOperator(tx, rejected);
  });
}
