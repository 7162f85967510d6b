import { eq } from 'drizzle-orm';
import { depositChannels } from '../../db/schema/cashier';
import { providerPayouts } from '../../db/schema/payment-providers';
import type { Db } from '../../platform/db';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { applyProviderPayout } from './apply-provider-payout';
import { ProviderError, type ProviderPayoutStatus } from './payment-provider';
import { providerConfigOf } from './provider-deposit-queries';
import { type ProviderPayoutRow, payoutOrderOf } from './provider-payout-queries';
import { providerOf } from './provider-registry';

/**
 * Sends a recorded payout (status `sending`, written with the withdrawal's approval) to its
 * provider and applies the answer. A refusal (the provider said no: bad number, limits) fails it
 * and the member gets the money back; a timeout or lost connection leaves it `sending`: the
 * provider may have paid, so it is never sent again blindly; the payout sweep asks the provider.
 */
export async function sendProviderPayout(
  deps: { db: Db; realtime: RealtimeHub; now: Date; publicOrigin?: string | undefined; env?: Readonly<Record<string, string | undefined>> },
  payoutId: number,
): Promise<ProviderPayoutRow | null> {
  const [row] = await deps.db
    .select({ payout: providerPayouts, channel: depositChannels })
    .from(providerPayouts)
    .innerJoin(depositChannels, eq(depositChannels.id, providerPayouts.channelId))
    .where(eq(providerPayouts.id, payoutId));
  if (!row || row.payout.status !== 'sending') return row?.payout ?? null;
  const provider = providerOf(row.payout.provider);
  const config = provider ? await providerConfigOf(deps.db, provider, row.channel, deps) : null;
  if (!provider?.startPayout || !config) return row.payout;
  let status: ProviderPayoutStatus;
  try {
    status = await provider.startPayout(config, payoutOrderOf(row.payout));
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.isUncertain) return row.payout;
    status = { providerPayoutId: null, status: 'failed', failureCode: error.code, eventId: `start-refused:${payoutId}` };
  }
  return (await applyProviderPayout(deps, { payoutId, status })).payout;
}
