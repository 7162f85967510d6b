import { eq } from 'drizzle-orm';
import { depositChannels } from '../../db/schema/cashier';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { DepositChannelRow } from './deposit-queries';
import { providerOf } from './provider-registry';

/**
 * An admin switches a provider channel on or off, between the provider's sandbox and live hosts,
 * and its payouts on or off. Only these: the env var names and a base-URL override are
 * deployment settings, because whoever can point a channel at any host or variable can make
 * the server send a provider secret (or DATABASE_URL) where they like. Returns the row before
 * and after for the audit, written by the caller in the same transaction.
 */
export async function changePaymentProvider(
  db: DbOrTx,
  input: { channelId: number; scopeMerchantId: number | null; isEnabled: boolean; mode: 'sandbox' | 'live'; payouts: boolean },
): Promise<{ before: DepositChannelRow; after: DepositChannelRow }> {
  const [before] = await db.select().from(depositChannels).where(eq(depositChannels.id, input.channelId)).for('update');
  const provider = providerOf(before?.provider);
  if (
    !before ||
    !provider ||
    before.kind !== 'gateway' ||
    (input.scopeMerchantId !== null && before.merchantId !== input.scopeMerchantId)
  ) {
    throw new AppError('NOT_FOUND');
  }
  if (input.payouts && !provider.supportsPayouts) {
    throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'payouts', reason: 'unsupported' }] } });
  }
  const { payouts: _payouts, mode: _mode, ...rest } = before.providerSettings;
  const providerSettings: Record<string, string> = { ...rest, mode: input.mode, ...(input.payouts ? { payouts: 'enabled' } : {}) };
  const [after] = await db
    .update(depositChannels)
    .set({ isEnabled: input.isEnabled, providerSettings })
    .where(eq(depositChannels.id, before.id))
    .returning();
  if (!after) throw new AppError('NOT_FOUND');
  return { before, after };
}
