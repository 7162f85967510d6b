import { and, eq } from 'drizzle-orm';
import { depositRequests } from '../../db/schema/cashier';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { CashierContext } from './cashier-context';
import { type DepositChannelRow, type DepositRow, findChannel } from './deposit-queries';
import { gatewayOf } from './gateway-registry';
import { requestHashOf } from './idempotency-key';
import { checkOwnUpload } from './save-upload';

export interface CreateDepositInput {
  channelId: number;
  amount: bigint;
  reference?: string | undefined;
  proofUploadId?: string | undefined;
  idempotencyKey: string;
}

/**
 * Records a member's deposit request. Manual channels wait for an operator; gateway channels
 * start a payment and wait for the provider's signed callback. Nothing is credited here.
 * A retry with the same idempotency key returns the first request.
 */
export async function createDeposit(
  ctx: CashierContext,
  member: MemberRow,
  input: CreateDepositInput,
): Promise<{ deposit: DepositRow; channel: DepositChannelRow }> {
  const channel = await findChannel(ctx.db, ctx.merchant.id, input.channelId);
  if (!channel?.isEnabled) throw new AppError('CHANNEL_UNAVAILABLE');
  const gateway = channel.kind === 'gateway' ? gatewayOf(channel.provider) : null;
  if (channel.kind === 'gateway' && !gateway) throw new AppError('CHANNEL_UNAVAILABLE');
  if (input.amount < channel.minAmount || input.amount > channel.maxAmount) throw new AppError('AMOUNT_OUT_OF_RANGE');
  if (!gateway && !input.reference) {
    throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'reference', reason: 'required' }] } });
  }
  const proofUploadId = await checkOwnUpload(ctx.db, member.id, input.proofUploadId);
  const requestHash = requestHashOf({
    channelId: channel.id,
    amount: input.amount,
    reference: input.reference ?? null,
    proof: proofUploadId,
  });

  const [created] = await ctx.db
    .insert(depositRequests)
    .values({
      merchantId: ctx.merchant.id,
      memberId: member.id,
      channelId: channel.id,
      amount: input.amount,
      reference: input.reference ?? null,
      proofUploadId,
      idempotencyKey: input.idempotencyKey,
      requestHash,
      createdAt: ctx.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) {
    const [existing] = await ctx.db
      .select()
      .from(depositRequests)
      .where(
        and(
          eq(depositRequests.merchantId, ctx.merchant.id),
          eq(depositRequests.memberId, member.id),
          eq(depositRequests.idempotencyKey, input.idempotencyKey),
        ),
      );
    if (!existing) throw new AppError('CONFLICT');
    if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
    return { deposit: existing, channel };
  }
  if (!gateway) return { deposit: created, channel };

  const payment = gateway.startPayment(created, channel);
  const [started] = await ctx.db
    .update(depositRequests)
    .set({ gatewayTransactionId: payment.gatewayTransactionId })
    .where(eq(depositRequests.id, created.id))
    .returning();
  return { deposit: started ?? created, channel };
}
