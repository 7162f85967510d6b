import { eq, sql } from 'drizzle-orm';
import { pointsMallItems, pointsRedemptions } from '../../db/schema/points';
import type { OperatorAuditActor } from '../../platform/audit';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockMerchantRow } from '../../platform/lock-merchant-row';
import type { Merchant } from '../../platform/merchant';
import { sendInboxMessage } from '../inbox/index';
import { payPointsCash } from './pay-points-cash';
import type { RedemptionRow } from './points-queries';
import { postPointsEntry } from './post-points-entry';

export interface ReviewRedemptionInput {
  merchant: Pick<Merchant, 'id' | 'currency'>;
  redemptionId: number;
  operator: OperatorAuditActor;
  now: Date;
  /** Writes the audit row in the review's transaction. */
  audit(tx: Tx, before: RedemptionRow, after: RedemptionRow): Promise<void>;
}

/** Moves an IN_PROCESS redemption on once: a guarded update, so two operators (or a double click) cannot both act. */
async function closeRedemption(
  tx: Tx,
  input: ReviewRedemptionInput,
  status: 'APPROVED' | 'REJECTED',
  remark: string | null,
): Promise<{ before: RedemptionRow; after: RedemptionRow }> {
  const before = await lockMerchantRow(tx, pointsRedemptions, input.merchant.id, input.redemptionId);
  if (before.status !== 'IN_PROCESS') throw new AppError('REQUEST_NOT_PENDING');
  const [after] = await tx
    .update(pointsRedemptions)
    .set({ status, remark, reviewedAt: input.now, reviewedBy: input.operator.username })
    .where(eq(pointsRedemptions.id, before.id))
    .returning();
  if (!after) throw new Error('redemption update returned nothing');
  return { before, after };
}

/** An operator approves a redemption: goods are to be shipped; a cash voucher is credited on the ledger (once, keyed by the redemption). */
export async function approveRedemption(db: Db, input: ReviewRedemptionInput): Promise<RedemptionRow> {
  return db.transaction(async (tx) => {
    const { before, after } = await closeRedemption(tx, input, 'APPROVED', null);
    let result = after;
    if (after.amount > 0n) {
      const transferId = await payPointsCash(tx, {
        merchantId: input.merchant.id,
        currency: input.merchant.currency,
        memberId: after.memberId,
        redemptionId: after.id,
        amount: after.amount,
        description: `Points reward ${after.referenceNumber}`,
      });
      const [paid] = await tx.update(pointsRedemptions).set({ transferId }).where(eq(pointsRedemptions.id, after.id)).returning();
      result = paid ?? after;
    }
    // The member's inbox: the redemption went through (a cash voucher with its amount).
    await sendInboxMessage(tx, {
      merchantId: result.merchantId,
      memberId: result.memberId,
      kind: 'redemption_approved',
      referenceId: result.id,
      amount: result.amount,
      now: input.now,
    });
    await input.audit(tx, before, result);
    return result;
  });
}

/** An operator rejects a redemption: the points come back (RESTORE), the stock returns, the reason is the member's remark. */
export async function rejectRedemption(db: Db, input: ReviewRedemptionInput & { reason: string }): Promise<RedemptionRow> {
  return db.transaction(async (tx) => {
    const { before, after } = await closeRedemption(tx, input, 'REJECTED', input.reason);
    await postPointsEntry(tx, {
      merchantId: after.merchantId,
      memberId: after.memberId,
      delta: after.points,
      kind: 'RESTORE',
      reference: `redemption:${after.id}`,
      now: input.now,
    });
    if (after.itemId !== null) {
      await tx
        .update(pointsMallItems)
        .set({ stock: sql`${pointsMallItems.stock} + ${after.quantity}`, updatedAt: input.now })
        .where(eq(pointsMallItems.id, after.itemId));
    }
    // The member's inbox: refused, with the operator's reason; the points are back.
    await sendInboxMessage(tx, {
      merchantId: after.merchantId,
      memberId: after.memberId,
      kind: 'redemption_rejected',
      referenceId: after.id,
      reason: input.reason,
      now: input.now,
    });
    await input.audit(tx, before, after);
    return after;
  });
}
