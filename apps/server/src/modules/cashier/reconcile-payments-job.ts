import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { depositChannels } from '../../db/schema/cashier';
import { merchants } from '../../db/schema/merchants';
import { reconciliationRuns } from '../../db/schema/reconciliation';
import type { Db } from '../../platform/db';
import type { ScheduledJob } from '../../platform/scheduler';
import { providerConfigOf } from './provider-deposit-queries';
import { providerOf } from './provider-registry';
import { type ReconciliationRunRow, reconcileProviderDay } from './reconcile-provider-day';
import { findReconciliationRun } from './reconcile-queries';

/** Statements of a day are complete some time after it ends; the job waits this long past midnight. */
export const STATEMENT_GRACE_MS = 2 * 3_600_000;
const CHANNEL_BATCH = 200;

export interface ReconcileDeps {
  db: Db;
  now: Date;
  publicOrigin?: string | undefined;
  env?: Readonly<Record<string, string | undefined>>;
}

/** A merchant day (YYYY-MM-DD) as UTC bounds, on the merchant's clock. */
export function merchantDayBounds(day: string, utcOffsetMinutes: number): { from: Date; to: Date } {
  const from = new Date(Date.parse(`${day}T00:00:00Z`) - utcOffsetMinutes * 60_000);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}

/** The merchant's previous calendar day at `now`. */
export function previousMerchantDay(now: Date, utcOffsetMinutes: number): string {
  return new Date(now.getTime() + utcOffsetMinutes * 60_000 - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Reconciles every provider channel that can give a statement, for the merchant's previous day
 * (or `day`). Channels are read in id batches; each channel-day is its own idempotent run
 * (reconcile-provider-day.ts), so this can be called every hour: a completed day is skipped, a
 * failed one (the provider was down) is tried again, a new merchant day starts once its
 * statement is due. A channel whose configuration is broken gets a failed run saying so.
 */
export async function reconcilePayments(
  deps: ReconcileDeps,
  options: { day?: string; merchantId?: number } = {},
): Promise<ReconciliationRunRow[]> {
  const runs: ReconciliationRunRow[] = [];
  let afterId = 0;
  for (;;) {
    const rows = await deps.db
      .select({ channel: depositChannels, utcOffsetMinutes: merchants.utcOffsetMinutes })
      .from(depositChannels)
      .innerJoin(merchants, eq(merchants.id, depositChannels.merchantId))
      .where(
        and(
          eq(depositChannels.kind, 'gateway'),
          isNotNull(depositChannels.provider),
          gt(depositChannels.id, afterId),
          options.merchantId ? eq(depositChannels.merchantId, options.merchantId) : undefined,
        ),
      )
      .orderBy(asc(depositChannels.id))
      .limit(CHANNEL_BATCH);
    for (const { channel, utcOffsetMinutes } of rows) {
      const provider = providerOf(channel.provider);
      if (!provider?.fetchStatement) continue;
      const day = options.day ?? previousMerchantDay(deps.now, utcOffsetMinutes);
      const { from, to } = merchantDayBounds(day, utcOffsetMinutes);
      if (!options.day && deps.now.getTime() < to.getTime() + STATEMENT_GRACE_MS) continue;
      const config = await providerConfigOf(deps.db, provider, channel, deps);
      if (!config) {
        runs.push(
          await recordUnconfigured(deps, { merchantId: channel.merchantId, provider: provider.provider, channelCode: channel.code, day }),
        );
        continue;
      }
      const run = await reconcileProviderDay(deps, { channel, provider, config, day, from, to });
      if (run) runs.push(run);
    }
    if (rows.length < CHANNEL_BATCH) return runs;
    afterId = rows[rows.length - 1]?.channel.id ?? afterId;
  }
}

async function recordUnconfigured(
  deps: ReconcileDeps,
  key: { merchantId: number; provider: string; channelCode: string; day: string },
): Promise<ReconciliationRunRow> {
  const values = {
    merchantId: key.merchantId,
    provider: key.provider,
    channelCode: key.channelCode,
    businessDay: key.day,
    status: 'failed',
    error: 'channel not configured (missing environment variable or setting)',
    startedAt: deps.now,
    finishedAt: deps.now,
  };
  const [row] = await deps.db
    .insert(reconciliationRuns)
    .values(values)
    .onConflictDoUpdate({
      target: [reconciliationRuns.merchantId, reconciliationRuns.provider, reconciliationRuns.channelCode, reconciliationRuns.businessDay],
      set: { error: values.error, finishedAt: deps.now },
      setWhere: eq(reconciliationRuns.status, 'failed'),
    })
    .returning();
  if (row) return row;
  const existing = await findReconciliationRun(deps.db, { ...key, businessDay: key.day });
  if (!existing) throw new Error('reconciliation run vanished');
  return existing;
}

/** Hourly tick of the daily reconciliation: each channel-day is done once (its run key), failures retried next hour. */
export function reconcilePaymentsJob(db: Db, options: { publicOrigin?: string | undefined } = {}): ScheduledJob {
  return {
    name: 'payment-reconciliation',
    everyMs: 3_600_000,
    run: async (now) => void (await reconcilePayments({ db, now, ...options })),
  };
}
