import { randomBytes } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { pointsMallItems, pointsRedemptions } from '../../db/schema/points';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { checkPaymentPassword, requestHashOf } from '../cashier/index';
import { lockPointsForRedemption, type RedemptionRow, readPointsSettings, redeemedQuantities } from './points-queries';
import { postPointsEntry } from './post-points-entry';

export interface RedeemPointRewardInput {
  itemId: number;
  quantity: number;
  receivingAddress?: string | undefined;
  paymentPassword: string;
  idempotencyKey: string;
}

/** A reference the member and the operator can quote: PT + site date + 8 random hex digits (unique index). */
export function newReferenceNumber(now: Date): string {
  return `PT${now.toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * A member redeems a mall item: the payment password is checked (a borrowed session cannot spend
 * the points), then in one transaction the member's points row is locked (the member's parallel
 * redemptions queue here, so the per-member limit cannot be passed twice), one guarded statement
 * takes the stock (of 30 parallel redemptions of the last item exactly one gets a row back; the
 * others see POINTS_OUT_OF_STOCK), the points are taken at once and the redemption waits, IN_PROCESS,
 * for an operator. Any refusal rolls back the stock. A retried request returns the first redemption.
 */
export async function redeemPointReward(
  ctx: RequestContext,
  member: MemberRow,
  input: RedeemPointRewardInput,
): Promise<{ redemption: RedemptionRow; balance: bigint }> {
  await checkPaymentPassword(ctx, member, input.paymentPassword);
  const requestHash = requestHashOf({ itemId: input.itemId, quantity: input.quantity, address: input.receivingAddress ?? null });
  const merchantId = ctx.merchant.id;
  return ctx.db.transaction(async (tx) => {
    const locked = await lockPointsForRedemption(tx, member.id, input.idempotencyKey, requestHash);
    if (locked.replay) return { redemption: locked.replay, balance: locked.balance };

    const [item] = await tx
      .select()
      .from(pointsMallItems)
      .where(and(eq(pointsMallItems.id, input.itemId), eq(pointsMallItems.merchantId, merchantId), eq(pointsMallItems.isEnabled, true)));
    if (!item) throw new AppError('NOT_FOUND');
    if (item.kind === 'GOODS' && !input.receivingAddress) throw new AppError('POINTS_ADDRESS_REQUIRED');
    const cost = item.points * BigInt(input.quantity);
    if (locked.balance < cost) {
      throw new AppError('POINTS_INSUFFICIENT', { value: { balance: Number(locked.balance), needed: Number(cost) } });
    }
    if (item.perMemberLimit !== null) {
      const used = (await redeemedQuantities(tx, member.id, [item.id])).get(item.id) ?? 0;
      if (used + input.quantity > item.perMemberLimit) {
        throw new AppError('POINTS_ITEM_LIMIT_REACHED', { value: { limit: item.perMemberLimit, used } });
      }
    }
    const [taken] = await tx
      .update(pointsMallItems)
      .set({ stock: sql`${pointsMallItems.stock} - ${input.quantity}`, updatedAt: ctx.now })
      .where(and(eq(pointsMallItems.id, item.id), gte(pointsMallItems.stock, input.quantity)))
      .returning({ stock: pointsMallItems.stock });
    if (!taken) throw new AppError('POINTS_OUT_OF_STOCK');

    const settings = await readPointsSettings(tx, merchantId);
    const amount = item.cashAmount * BigInt(input.quantity);
    const [redemption] = await tx
      .insert(pointsRedemptions)
      .values({
        merchantId,
        memberId: member.id,
        type: 'ITEM',
        itemId: item.id,
        itemNames: item.names,
        quantity: input.quantity,
        points: cost,
        amount,
        pointsRequirement: item.points,
        amountRequirement: amount * BigInt(settings.turnoverMultiplier),
        status: 'IN_PROCESS',
        referenceNumber: newReferenceNumber(ctx.now),
        receivingAddress: item.kind === 'GOODS' ? (input.receivingAddress ?? null) : null,
        idempotencyKey: input.idempotencyKey,
        requestHash,
        appliedAt: ctx.now,
      })
      .returning();
    if (!redemption) throw new Error('redemption insert returned nothing');
    const balance = await postPointsEntry(tx, {
      merchantId,
      memberId: member.id,
      delta: -cost,
      kind: 'REDEEM',
      reference: `redemption:${redemption.id}`,
      now: ctx.now,
    });
    return { redemption, balance };
  });
}
