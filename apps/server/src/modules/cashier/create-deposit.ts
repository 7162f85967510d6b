import { and, eq, isNull } from 'drizzle-orm';
import { depositRequests } from '../../db/schema/cashier';
import type { MemberRow } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { CashierContext } from './cashier-context';
import { type DepositChannelRow, type DepositRow, findChannel } from './deposit-queries';
import { gatewayOf } from './gateway-registry';
import { replayOf, requestHashOf } from './idempotency-key';
import type { PaymentGateway } from './payment-gateway';
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
  const gateway = channel.kind === 'gateway' ? gatewayOf(channel.provider, { isSandboxOn: ctx.isPaymentSandboxOn }) : null;
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
    replayOf(existing, requestHash);
    // The first attempt died between recording the request and starting the payment (a crash, a
    // provider error): the retry starts it, or the deposit would stay pending with nothing to pay.
    if (gateway && existing.status === 'pending' && !existing.gatewayTransactionId) {
      return { deposit: await startGatewayPayment(ctx.db, gateway, existing, channel), channel };
    }
    return { deposit: existing, channel };
  }
  if (!gateway) return { deposit: created, channel };
  return { deposit: await startGatewayPayment(ctx.db, gateway, created, channel), channel };
}

/** Starts the provider's payment of a recorded deposit once; a racing retry that started it first wins. */
async function startGatewayPayment(db: Db, gateway: PaymentGateway, deposit: DepositRow, channel: DepositChannelRow): Promise<DepositRow> {
  const payment = gateway.startPayment(deposit, channel);
  const [started] = await db
    .update(depositRequests)
    .set({ gatewayTransactionId: payment.gatewayTransactionId })
    .where(and(eq(depositRequests.id, deposit.id), isNull(depositRequests.gatewayTransactionId)))
    .returning();
  if (started) return started;
  const [current] = await db.select().from(depositRequests).where(eq(depositRequests.id, deposit.id));
  return current ?? deposit;
}
