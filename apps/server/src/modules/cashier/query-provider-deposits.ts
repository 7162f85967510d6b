import { and, eq, gte, inArray, isNotNull, lte, ne } from 'drizzle-orm';
import { depositChannels, depositRequests } from '../../db/schema/cashier';
import type { Db } from '../../platform/db';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import type { ScheduledJob } from '../../platform/scheduler';
import { applyProviderPayment } from './apply-provider-payment';
import { ProviderError } from './payment-provider';
import { providerConfigOf } from './provider-deposit-queries';
import { providerOf } from './provider-registry';

/** A provider's callback gets this long before we ask the provider ourselves. */
export const STATUS_QUERY_AFTER_MINUTES = 3;
/** Orders that closed unpaid (expired, cancelled) are still asked about for a day: the provider may have taken the money late. */
const LATE_PAYMENT_WINDOW_MS = 24 * 60 * 60_000;
const BATCH = 50;

/**
 * The status sweep: provider deposits whose callback never came (pending and older than N
 * minutes, or closed unpaid within the last day) are queried at the provider and the answer is
 * applied like a callback (applyProviderPayment: a `paid` credits once even when the callback
 * arrives at the same moment; a closed order paid late is credited as "paid after"). A provider
 * that does not answer is asked again on the next run.
 */
export async function queryProviderDeposits(
  deps: { db: Db; realtime: RealtimeHub; now: Date; publicOrigin?: string | undefined; env?: Readonly<Record<string, string | undefined>> },
  options: { olderThanMinutes?: number } = {},
): Promise<{ asked: number; settled: number }> {
  const before = new Date(deps.now.getTime() - (options.olderThanMinutes ?? STATUS_QUERY_AFTER_MINUTES) * 60_000);
  const rows = await deps.db
    .select({ deposit: depositRequests, channel: depositChannels })
    .from(depositRequests)
    .innerJoin(depositChannels, eq(depositChannels.id, depositRequests.channelId))
    .where(
      and(
        eq(depositChannels.kind, 'gateway'),
        ne(depositChannels.provider, 'sandbox'),
        isNotNull(depositRequests.gatewayTransactionId),
        inArray(depositRequests.status, ['pending', 'expired', 'cancelled']),
        lte(depositRequests.createdAt, before),
        gte(depositRequests.createdAt, new Date(deps.now.getTime() - LATE_PAYMENT_WINDOW_MS)),
      ),
    )
    .orderBy(depositRequests.id)
    .limit(BATCH);
  let settled = 0;
  for (const { deposit, channel } of rows) {
    const provider = providerOf(channel.provider);
    const config = provider ? await providerConfigOf(deps.db, provider, channel, deps) : null;
    if (!provider || !config) continue;
    try {
      const status = await provider.queryDeposit(config, deposit);
      // A closed order the provider still calls unpaid stays as it is.
      if (status.status === 'pending' || (status.status === 'failed' && deposit.status !== 'pending')) continue;
      const applied = await applyProviderPayment(deps, { provider: provider.provider, deposit, status });
      if (!applied.isReplay) settled += 1;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
    }
  }
  return { asked: rows.length, settled };
}

export function queryProviderDepositsJob(deps: { db: Db; realtime: RealtimeHub; publicOrigin?: string | undefined }): ScheduledJob {
  return {
    name: 'deposit-provider-status',
    everyMs: 60_000,
    run: async (now) => void (await queryProviderDeposits({ ...deps, now })),
  };
}
