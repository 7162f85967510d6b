import { eq } from 'drizzle-orm';
import { pointsRedemptions } from '../../db/schema/points';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { checkPaymentPassword, requestHashOf } from '../cashier/index';
import { addTurnoverRequirement } from '../promotions/index';
import { payPointsCash } from './pay-points-cash';
import { lockPointsForRedemption, type RedemptionRow, readPointsSettings } from './points-queries';
import { postPointsEntry } from './post-points-entry';
import { newReferenceNumber } from './redeem-point-reward';

export interface ConvertPointsInput {
  points: number;
  paymentPassword: string;
  idempotencyKey: string;
}

/**
 * Converts points to cash at the merchant's rate (conversionPoints points give conversionAmount),
 * in whole conversion units and at least the minimum: points taken, cash paid from
 * LOYALTY_EXPENSE and the redemption recorded APPROVED with its turnover requirement (amount x
 * the multiplier, 1x by default), in one transaction. A retry returns the first conversion; the
 * cash transfer is keyed by the redemption, so it is paid once.
 */
export async function convertPoints(
  ctx: RequestContext,
  member: MemberRow,
  input: ConvertPointsInput,
): Promise<{ redemption: RedemptionRow; balance: bigint }> {
  await checkPaymentPassword(ctx, member, input.paymentPassword);
  const requestHash = requestHashOf({ points: input.points });
  const merchantId = ctx.merchant.id;
  return ctx.db.transaction(async (tx) => {
    const locked = await lockPointsForRedemption(tx, member.id, input.idempotencyKey, requestHash);
    if (locked.replay) return { redemption: locked.replay, balance: locked.balance };

    const settings = await readPointsSettings(tx, merchantId);
    if (!settings.isConversionEnabled) throw new AppError('FEATURE_DISABLED');
    const points = BigInt(input.points);
    if (points < settings.minConvertPoints)
      throw new AppError('POINTS_BELOW_MINIMUM', { value: { min: Number(settings.minConvertPoints) } });
    const unit = BigInt(settings.conversionPoints);
    if (points % unit !== 0n) {
      throw new AppError('VALIDATION_FAILED', {
        value: { fields: [{ field: 'points', reason: 'multiple', multipleOf: settings.conversionPoints }] },
      });
    }
    const amount = (points / unit) * settings.conversionAmount;
    const [redemption] = await tx
      .insert(pointsRedemptions)
      .values({
        merchantId,
        memberId: member.id,
        type: 'CONVERT',
        itemId: null,
        itemNames: null,
        quantity: 1,
        points,
        amount,
        pointsRequirement: settings.minConvertPoints,
        amountRequirement: amount * BigInt(settings.turnoverMultiplier),
        status: 'APPROVED',
        referenceNumber: newReferenceNumber(ctx.now),
        idempotencyKey: input.idempotencyKey,
        requestHash,
        appliedAt: ctx.now,
        reviewedAt: ctx.now,
        reviewedBy: 'system:conversion',
      })
      .returning();
    if (!redemption) throw new Error('conversion insert returned nothing');
    const balance = await postPointsEntry(tx, {
      merchantId,
      memberId: member.id,
      delta: -points,
      kind: 'CONVERT',
      reference: `redemption:${redemption.id}`,
      now: ctx.now,
    });
    const transferId = await payPointsCash(tx, {
      merchantId,
      currency: ctx.merchant.currency,
      memberId: member.id,
      redemptionId: redemption.id,
      amount,
      description: `Points conversion ${redemption.referenceNumber}`,
    });
    // The cash carries its turnover (amountRequirement, 1x by default) as a promotions requirement:
    // without it points bought by play could be converted and withdrawn at once, so the
    // withdrawal gate counts it and valid bet pays it like a deposit's.
    if (redemption.amountRequirement > 0n) {
      await addTurnoverRequirement(tx, {
        merchantId,
        memberId: member.id,
        source: 'POINTS',
        sourceId: redemption.id,
        awardId: null,
        promotionId: null,
        amountBasis: amount,
        required: redemption.amountRequirement,
        maxBet: null,
        contributions: {},
        expiresAt: null,
        now: ctx.now,
      });
    }
    const [paid] = await tx.update(pointsRedemptions).set({ transferId }).where(eq(pointsRedemptions.id, redemption.id)).returning();
    return { redemption: paid ?? redemption, balance };
  });
}
