import type { FastifyRequest } from 'fastify';
import { recordOperatorAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import type { OperatorIdentity } from '../../platform/operator-auth';
import { changePaymentProvider, resolveReconciliationMismatch } from '../cashier/index';

/**
 * The back office's changes to the payment rails, each in one transaction with its audit row so
 * the change and its record commit together: resolving a reconciliation mismatch (with the
 * operator's note) and switching a provider channel (with the admin's reason, before and after).
 */
export async function resolveMismatchAudited(
  deps: { db: Db; now: Date },
  request: FastifyRequest,
  operator: OperatorIdentity,
  input: { id: number; note: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { before, after } = await resolveReconciliationMismatch(tx, {
      id: input.id,
      resolvedBy: operator.username,
      note: input.note,
      now: deps.now,
      scopeMerchantId: operator.merchantId,
    });
    await recordOperatorAudit(tx, request, operator, {
      action: 'reconciliation.mismatch_resolved',
      targetType: 'reconciliation_mismatch',
      targetId: after.id,
      merchantId: after.merchantId,
      reason: input.note,
      detail: {
        kind: before.kind,
        direction: before.direction,
        providerReference: before.providerReference,
        businessDay: before.businessDay,
      },
    });
  });
}

export async function changePaymentProviderAudited(
  deps: { db: Db },
  request: FastifyRequest,
  operator: OperatorIdentity,
  input: { channelId: number; isEnabled: boolean; mode: 'sandbox' | 'live'; payouts: boolean; reason: string },
): Promise<{ merchantId: number; channelId: number }> {
  return deps.db.transaction(async (tx) => {
    const result = await changePaymentProvider(tx, {
      channelId: input.channelId,
      scopeMerchantId: operator.merchantId,
      isEnabled: input.isEnabled,
      mode: input.mode,
      payouts: input.payouts,
    });
    const summary = (row: typeof result.before) => ({
      isEnabled: row.isEnabled,
      mode: row.providerSettings.mode ?? 'sandbox',
      payouts: row.providerSettings.payouts === 'enabled',
    });
    await recordOperatorAudit(tx, request, operator, {
      action: 'payment_provider.changed',
      targetType: 'deposit_channel',
      targetId: result.after.id,
      merchantId: result.after.merchantId,
      reason: input.reason,
      detail: { provider: result.after.provider, channel: result.after.code, before: summary(result.before), after: summary(result.after) },
    });
    return { merchantId: result.after.merchantId, channelId: result.after.id };
  });
}
