import { and, eq, isNull } from 'drizzle-orm';
import { depositChannels, depositRequests } from '../../db/schema/cashier';
import { merchants } from '../../db/schema/merchants';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { postTransfer } from '../wallet/index';
import { depositLegsOf } from './credit-deposit';
import type { DepositRow } from './deposit-queries';
import { ProviderError } from './payment-provider';
import { providerConfigOf } from './provider-deposit-queries';
import { providerOf } from './provider-registry';

/**
 * An operator refunds a credited provider deposit in full: the member's cash goes back to the
 * channel's clearing account (MEMBER_CASH -> CASHIER_CLEARING:<channel>, ledger key
 * `deposit-refund:<id>`) and the provider returns the money to the payer's wallet.
 *
 * Order matters: the ledger first, in one transaction that also marks the deposit, so the member
 * cannot spend money that is on its way back (a member who already spent it is refused with
 * INSUFFICIENT_FUNDS and nothing is sent). If the provider then refuses, the ledger move is
 * undone under its own key; if the provider does not answer, the deposit stays marked with no
 * refund id and the operator's retry (the same call) asks again: providers refuse a second refund
 * of a refunded transaction, and a retry never moves the ledger twice.
 */
export async function refundProviderDeposit(
  deps: { db: Db; now: Date; publicOrigin?: string | undefined; env?: Readonly<Record<string, string | undefined>> },
  input: { depositId: number; merchantId: number; reason: string; refundedBy: string },
): Promise<DepositRow> {
  const [row] = await deps.db
    .select({ deposit: depositRequests, channel: depositChannels })
    .from(depositRequests)
    .innerJoin(depositChannels, eq(depositChannels.id, depositRequests.channelId))
    .where(and(eq(depositRequests.id, input.depositId), eq(depositRequests.merchantId, input.merchantId)));
  if (!row) throw new AppError('NOT_FOUND');
  const { deposit, channel } = row;
  const provider = providerOf(channel.provider);
  if (!provider || deposit.status !== 'approved' || !deposit.providerTransactionId) {
    throw new AppError('REQUEST_NOT_PENDING', { value: { status: deposit.status } });
  }
  // Refused once: the ledger move was undone under its own key; another attempt would find the
  // refund key spent and could return the money at the provider while the member keeps it.
  if (deposit.refundTransactionId?.startsWith('refused:'))
    throw new AppError('REQUEST_NOT_PENDING', { value: { status: 'refund_refused' } });
  if (deposit.refundTransactionId) return deposit;
  const config = await providerConfigOf(deps.db, provider, channel, deps);
  if (!config) throw new AppError('CHANNEL_UNAVAILABLE');

  const [merchant] = await deps.db.select({ currency: merchants.currency }).from(merchants).where(eq(merchants.id, deposit.merchantId));
  if (!merchant) throw new AppError('NOT_FOUND');
  const legs = (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => depositLegsOf(tx, deposit, channel, merchant.currency);
  await deps.db.transaction(async (tx) => {
    const accounts = await legs(tx);
    await postTransfer(tx, {
      merchantId: deposit.merchantId,
      idempotencyKey: `deposit-refund:${deposit.id}`,
      type: 'reversal',
      reference: { kind: 'deposit', id: String(deposit.id) },
      entries: [
        { accountId: accounts.cash, amount: -deposit.amount },
        { accountId: accounts.clearing, amount: deposit.amount },
      ],
      description: `Deposit refunded via ${channel.code}: ${input.reason}`.slice(0, 200),
    });
    await tx
      .update(depositRequests)
      .set({ refundedAt: deps.now, reviewNote: `refund by ${input.refundedBy}: ${input.reason}`.slice(0, 500) })
      .where(and(eq(depositRequests.id, deposit.id), isNull(depositRequests.refundedAt)));
  });

  let result: Awaited<ReturnType<typeof provider.refundDeposit>>;
  try {
    result = await provider.refundDeposit(
      config,
      { ...deposit, providerTransactionId: deposit.providerTransactionId },
      {
        amount: deposit.amount,
        reason: input.reason,
        refundId: `KR${deposit.id}`,
      },
    );
  } catch (error) {
    if (error instanceof ProviderError && error.isUncertain)
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { value: { code: error.code } });
    if (!(error instanceof ProviderError)) throw error;
    result = { status: 'failed', failureCode: error.code };
  }
  if (result.status === 'failed') {
    // The provider kept the money: the member gets it back, once (its own key).
    await deps.db.transaction(async (tx) => {
      const accounts = await legs(tx);
      await postTransfer(tx, {
        merchantId: deposit.merchantId,
        idempotencyKey: `deposit-refund-undone:${deposit.id}`,
        type: 'reversal',
        reference: { kind: 'deposit', id: String(deposit.id) },
        entries: [
          { accountId: accounts.clearing, amount: -deposit.amount },
          { accountId: accounts.cash, amount: deposit.amount },
        ],
        description: `Refund refused by ${channel.provider} (${result.failureCode ?? 'error'})`,
      });
    });
    await deps.db
      .update(depositRequests)
      .set({ refundTransactionId: `refused:${result.failureCode ?? 'error'}` })
      .where(eq(depositRequests.id, deposit.id));
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { value: { code: result.failureCode ?? 'refused' } });
  }
  const [refunded] = await deps.db
    .update(depositRequests)
    .set({ refundTransactionId: result.refundTransactionId ?? `refund:${deposit.id}` })
    .where(eq(depositRequests.id, deposit.id))
    .returning();
  return refunded ?? deposit;
}
