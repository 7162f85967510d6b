import { and, eq, isNull } from 'drizzle-orm';
import { depositRequests } from '../../db/schema/cashier';
import type { MemberRow } from '../../platform/auth';
import { readCashierSettings } from '../../platform/cashier-settings';
import { columnsEqual } from '../../platform/columns-equal';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { CashierContext } from '../../platform/request-context';
import { chargeResponsibleGambling } from '../responsible-gambling/index';
import { type DepositChannelRow, type DepositRow, findChannel, findOpenOnlineOrder, presentDeposit } from './deposit-queries';
import { expireOnlineDeposits } from './expire-online-deposits';
import { gatewayOf } from './gateway-registry';
import { replayOf, requestHashOf } from './idempotency-key';
import type { PaymentGateway } from './payment-gateway';
import { ProviderError } from './payment-provider';
import { resolveProviderConfig } from './provider-config';
import { providerOf } from './provider-registry';
import { checkOwnUpload } from './save-upload';

export interface CreateDepositInput {
  channelId: number;
  amount: bigint;
  reference?: string | undefined;
  proofUploadId?: string | undefined;
  idempotencyKey: string;
  /** The member site's origin, for a provider's callback and return URLs (publicOriginOf the request). */
  siteOrigin?: string | undefined;
}

/**
 * Records a member's deposit request. Manual channels wait for an operator; gateway channels
 * start a payment and wait for the provider's signed callback. Nothing is credited here.
 * A retry with the same idempotency key returns the first request.
 *
 * An online order is open (pending, unpaid) until paid, failed, cancelled or expired, and a member
 * has at most one per channel (a partial unique index). A second "Pay online" with a fresh key -
 * the double tap of a phone that showed no feedback (issue 12 item 3) - gets that same order back
 * when the amount matches, as real cashiers do, instead of a second order nobody pays; another
 * amount is DEPOSIT_ORDER_OPEN with the open order, which the member pays or cancels first.
 */
export async function createDeposit(
  ctx: CashierContext,
  member: MemberRow,
  input: CreateDepositInput,
): Promise<{ deposit: DepositRow; channel: DepositChannelRow }> {
  const channel = await findChannel(ctx.db, ctx.merchant.id, input.channelId);
  if (!channel?.isEnabled) throw new AppError('CHANNEL_UNAVAILABLE');
  const gateway = channel.kind === 'gateway' ? paymentStarterOf(ctx, channel, input.siteOrigin) : null;
  if (channel.kind === 'gateway' && !gateway) throw new AppError('CHANNEL_UNAVAILABLE');
  if (input.amount < channel.minAmount || input.amount > channel.maxAmount) throw new AppError('AMOUNT_OUT_OF_RANGE');
  if (!gateway && !input.reference) {
    throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'reference', reason: 'required' }] } });
  }
  // A deposit that would cross the member's deposit limit, or any while excluded, is not even created (issue 17).
  await chargeResponsibleGambling(ctx.db, {
    merchantId: ctx.merchant.id,
    memberId: member.id,
    depositMinor: input.amount,
    mode: 'CHECK',
    now: ctx.now,
    language: ctx.language,
    utcOffsetMinutes: ctx.merchant.utcOffsetMinutes,
  });
  const proofUploadId = await checkOwnUpload(ctx.db, member.id, input.proofUploadId);
  const requestHash = requestHashOf({
    channelId: channel.id,
    amount: input.amount,
    reference: input.reference ?? null,
    proof: proofUploadId,
  });
  // An order past its deadline the job has not reached yet is closed now, so it is never handed back.
  if (gateway) await expireOnlineDeposits(ctx.db, ctx.now, { memberId: member.id, channelId: channel.id });
  const expiresAt = gateway ? new Date(ctx.now.getTime() + readCashierSettings(ctx.merchant).onlineDepositExpiryMinutes * 60_000) : null;

  // Bounded: the open order that blocked the insert may close before it is read back (paid,
  // cancelled, expired); then one more insert finds the channel free.
  for (let attempt = 0; attempt < 3; attempt += 1) {
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
        expiresAt,
        createdAt: ctx.now,
      })
      // Either unique key: the idempotency key (a retry) or the open online order (a second order).
      .onConflictDoNothing()
      .returning();
    if (created) {
      if (!gateway) return { deposit: created, channel };
      return { deposit: await startGatewayPayment(ctx.db, gateway, created, channel, member), channel };
    }
    const [existing] = await ctx.db
      .select()
      .from(depositRequests)
      .where(columnsEqual(depositRequests, { merchantId: ctx.merchant.id, memberId: member.id, idempotencyKey: input.idempotencyKey }));
    if (existing) {
      replayOf(existing, requestHash);
      // The first attempt died between recording the request and starting the payment (a crash, a
      // provider error): the retry starts it, or the deposit would stay pending with nothing to pay.
      if (gateway && existing.status === 'pending' && !existing.gatewayTransactionId) {
        return { deposit: await startGatewayPayment(ctx.db, gateway, existing, channel, member), channel };
      }
      return { deposit: existing, channel };
    }
    if (!gateway) throw new AppError('CONFLICT');
    const open = await findOpenOnlineOrder(ctx.db, member.id, channel.id);
    if (!open) continue;
    if (open.amount !== input.amount) {
      throw new AppError('DEPOSIT_ORDER_OPEN', { value: { deposit: presentDeposit(open, channel, ctx.language) } });
    }
    // The same order again: started if its first request died before the provider was asked.
    if (!open.gatewayTransactionId) return { deposit: await startGatewayPayment(ctx.db, gateway, open, channel, member), channel };
    return { deposit: open, channel };
  }
  throw new AppError('CONFLICT');
}

/** Starts an online payment: the demo's sandbox gateway, or a real provider (payment-provider.ts) with the channel's configuration. */
type PaymentStarter = (
  deposit: DepositRow,
  channel: DepositChannelRow,
  member: MemberRow,
) => Promise<{ gatewayTransactionId: string; payUrl: string | null }>;

function paymentStarterOf(ctx: CashierContext, channel: DepositChannelRow, siteOrigin: string | undefined): PaymentStarter | null {
  const sandbox: PaymentGateway | null = gatewayOf(channel.provider, { isSandboxOn: ctx.isPaymentSandboxOn });
  if (sandbox) return async (deposit) => ({ ...sandbox.startPayment(deposit, channel), payUrl: null });
  const provider = providerOf(channel.provider);
  if (!provider) return null;
  const origin = siteOrigin ?? `https://${ctx.merchant.mainDomain}`;
  const resolved = resolveProviderConfig(provider, channel, { currency: ctx.merchant.currency, origin });
  // A channel whose credentials are not in this server's environment is not offered (listEnabledChannels) and not started.
  if (!resolved.ok) return null;
  return async (deposit, _channel, member) => {
    try {
      const started = await provider.startDeposit(resolved.config, deposit, { phone: member.mobile ?? null, memberId: member.id });
      return { gatewayTransactionId: started.providerPaymentId, payUrl: started.next.kind === 'redirect' ? started.next.url : null };
    } catch (error) {
      // The order stays recorded without a payment; the member's retry (same key or same amount) starts it again.
      if (error instanceof ProviderError)
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { value: { provider: provider.provider, code: error.code } });
      throw error;
    }
  };
}

/** Starts the provider's payment of a recorded deposit once; a racing retry that started it first wins. */
async function startGatewayPayment(
  db: Db,
  gateway: PaymentStarter,
  deposit: DepositRow,
  channel: DepositChannelRow,
  member: MemberRow,
): Promise<DepositRow> {
  const payment = await gateway(deposit, channel, member);
  const [started] = await db
    .update(depositRequests)
    .set({ gatewayTransactionId: payment.gatewayTransactionId, providerPayUrl: payment.payUrl })
    .where(and(eq(depositRequests.id, deposit.id), isNull(depositRequests.gatewayTransactionId)))
    .returning();
  if (started) return started;
  const [current] = await db.select().from(depositRequests).where(eq(depositRequests.id, deposit.id));
  return current ?? deposit;
}
