import { and, eq, inArray, lte } from 'drizzle-orm';
import { depositChannels } from '../../db/schema/cashier';
import { providerPayouts } from '../../db/schema/payment-providers';
import type { Db } from '../../platform/db';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import type { ScheduledJob } from '../../platform/scheduler';
import { applyProviderPayout } from './apply-provider-payout';
import { ProviderError } from './payment-provider';
import { providerConfigOf } from './provider-deposit-queries';
import { payoutOrderOf } from './provider-payout-queries';
import { providerOf } from './provider-registry';

/** A payout's result gets this long before we ask the provider. */
export const PAYOUT_QUERY_AFTER_MINUTES = 3;

/**
 * The payout sweep: payouts still `sending` (the call's answer was lost) or `sent` (the result
 * callback never came) after N minutes are queried at the provider, and the answer is applied
 * once (applyProviderPayout: a failure reverses once however often it is seen).
 */
export async function queryProviderPayouts(
  deps: { db: Db; realtime: RealtimeHub; now: Date; publicOrigin?: string | undefined; env?: Readonly<Record<string, string | undefined>> },
  options: { olderThanMinutes?: number } = {},
): Promise<{ asked: number; settled: number }> {
  const before = new Date(deps.now.getTime() - (options.olderThanMinutes ?? PAYOUT_QUERY_AFTER_MINUTES) * 60_000);
  const rows = await deps.db
    .select({ payout: providerPayouts, channel: depositChannels })
    .from(providerPayouts)
    .innerJoin(depositChannels, eq(depositChannels.id, providerPayouts.channelId))
    .where(and(inArray(providerPayouts.status, ['sending', 'sent']), lte(providerPayouts.updatedAt, before)))
    .orderBy(providerPayouts.id)
    .limit(50);
  let settled = 0;
  for (const { payout, channel } of rows) {
    const provider = providerOf(payout.provider);
    const config = provider ? await providerConfigOf(deps.db, provider, channel, deps) : null;
    if (!provider?.queryPayout || !config) continue;
    try {
      const status = await provider.queryPayout(config, payoutOrderOf(payout));
      if (status.status === 'sent' && payout.status === 'sent') continue;
      const applied = await applyProviderPayout(deps, { payoutId: payout.id, status });
      if (!applied.isReplay && applied.payout.status !== 'sent') settled += 1;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
    }
  }
  return { asked: rows.length, settled };
}

export function queryProviderPayoutsJob(deps: { db: Db; realtime: RealtimeHub; publicOrigin?: string | undefined }): ScheduledJob {
  return { name: 'payout-provider-status', everyMs: 60_000, run: async (now) => void (await queryProviderPayouts({ ...deps, now })) };
}
