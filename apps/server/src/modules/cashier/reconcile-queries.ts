import type { ReconciliationMismatchValue, ReconciliationRunValue } from '@kismat/contracts/payment-admin';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, desc, eq, gte, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import { reconciliationMismatches, reconciliationRuns } from '../../db/schema/reconciliation';
import type { DbOrTx } from '../../platform/db';

/** What names one reconciliation run: a channel's business day at one provider (the table's unique key). */
export interface ReconciliationRunKey {
  merchantId: number;
  provider: string;
  channelCode: string;
  businessDay: string;
}

/** The condition naming one run by its key. */
export function isReconciliationRun(key: ReconciliationRunKey): SQL {
  // `and` of conditions that are all given is never undefined.
  return and(
    eq(reconciliationRuns.merchantId, key.merchantId),
    eq(reconciliationRuns.provider, key.provider),
    eq(reconciliationRuns.channelCode, key.channelCode),
    eq(reconciliationRuns.businessDay, key.businessDay),
  ) as SQL;
}

/** The run of a key as it stands, if there is one. */
export async function findReconciliationRun(db: DbOrTx, key: ReconciliationRunKey) {
  const [run] = await db.select().from(reconciliationRuns).where(isReconciliationRun(key));
  return run;
}

/** The filters both lists take: merchant, provider, business days from/to, and the keyset page. */
interface ReconciliationListFilter {
  merchantCode?: string | undefined;
  /** A merchant-scoped operator sees only its merchant. */
  scopeMerchantId?: number | null | undefined;
  provider?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  before?: number | undefined;
  limit: number;
}

/** The list filters' conditions on runs or mismatches (each of which names its merchant, provider and business day). */
function listConditions(table: typeof reconciliationRuns | typeof reconciliationMismatches, filter: ReconciliationListFilter) {
  return [
    filter.merchantCode ? eq(merchants.code, filter.merchantCode) : undefined,
    filter.scopeMerchantId ? eq(table.merchantId, filter.scopeMerchantId) : undefined,
    filter.provider ? eq(table.provider, filter.provider) : undefined,
    filter.from ? gte(table.businessDay, filter.from) : undefined,
    filter.to ? lte(table.businessDay, filter.to) : undefined,
    filter.before ? lt(table.id, filter.before) : undefined,
  ];
}

export interface ReconciliationRunFilter extends ReconciliationListFilter {
  status?: string | undefined;
}

/** Reconciliation runs, newest first, keyset-paged by id. */
export async function listReconciliationRuns(db: DbOrTx, filter: ReconciliationRunFilter): Promise<ReconciliationRunValue[]> {
  const openCount = sql<number>`(select count(*)::int from ${reconciliationMismatches} m where m.run_id = ${reconciliationRuns.id} and m.resolved_at is null)`;
  const rows = await db
    .select({ run: reconciliationRuns, merchantCode: merchants.code, openMismatchCount: openCount })
    .from(reconciliationRuns)
    .innerJoin(merchants, eq(merchants.id, reconciliationRuns.merchantId))
    .where(and(...listConditions(reconciliationRuns, filter), filter.status ? eq(reconciliationRuns.status, filter.status) : undefined))
    .orderBy(desc(reconciliationRuns.id))
    .limit(filter.limit);
  return rows.map(({ run, merchantCode, openMismatchCount }) => ({
    id: run.id,
    merchantCode,
    provider: run.provider,
    channelCode: run.channelCode,
    businessDay: run.businessDay,
    status: run.status as ReconciliationRunValue['status'],
    oursCount: run.oursCount,
    theirsCount: run.theirsCount,
    matchedCount: run.matchedCount,
    mismatchCount: run.mismatchCount,
    openMismatchCount: Number(openMismatchCount),
    error: run.error,
    attempts: run.attempts,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  }));
}

export interface ReconciliationMismatchFilter extends ReconciliationListFilter {
  runId?: number | undefined;
  kind?: string | undefined;
  direction?: string | undefined;
  state: 'open' | 'resolved' | 'all';
}

type MismatchRow = typeof reconciliationMismatches.$inferSelect;

export function presentMismatch(row: MismatchRow, merchantCode: string): ReconciliationMismatchValue {
  return {
    id: row.id,
    runId: row.runId,
    merchantCode,
    provider: row.provider,
    businessDay: row.businessDay,
    direction: row.direction as ReconciliationMismatchValue['direction'],
    kind: row.kind as ReconciliationMismatchValue['kind'],
    ourId: row.ourId,
    providerReference: row.providerReference,
    ourAmount: row.ourAmount === null ? null : formatAmount(row.ourAmount),
    theirAmount: row.theirAmount === null ? null : formatAmount(row.theirAmount),
    ourStatus: row.ourStatus,
    theirStatus: row.theirStatus,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
    resolutionNote: row.resolutionNote,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Mismatches, newest first, keyset-paged by id; open ones by default (reconciliation_mismatches_open_idx). */
export async function listReconciliationMismatches(
  db: DbOrTx,
  filter: ReconciliationMismatchFilter,
): Promise<ReconciliationMismatchValue[]> {
  const rows = await db
    .select({ mismatch: reconciliationMismatches, merchantCode: merchants.code })
    .from(reconciliationMismatches)
    .innerJoin(merchants, eq(merchants.id, reconciliationMismatches.merchantId))
    .where(
      and(
        ...listConditions(reconciliationMismatches, filter),
        filter.runId ? eq(reconciliationMismatches.runId, filter.runId) : undefined,
        filter.kind ? eq(reconciliationMismatches.kind, filter.kind) : undefined,
        filter.direction ? eq(reconciliationMismatches.direction, filter.direction) : undefined,
        filter.state === 'open' ? isNull(reconciliationMismatches.resolvedAt) : undefined,
        filter.state === 'resolved' ? isNotNull(reconciliationMismatches.resolvedAt) : undefined,
      ),
    )
    .orderBy(desc(reconciliationMismatches.id))
    .limit(filter.limit);
  return rows.map(({ mismatch, merchantCode }) => presentMismatch(mismatch, merchantCode));
}

export async function findReconciliationMismatch(db: DbOrTx, id: number): Promise<ReconciliationMismatchValue | null> {
  const [row] = await db
    .select({ mismatch: reconciliationMismatches, merchantCode: merchants.code })
    .from(reconciliationMismatches)
    .innerJoin(merchants, eq(merchants.id, reconciliationMismatches.merchantId))
    .where(eq(reconciliationMismatches.id, id));
  return row ? presentMismatch(row.mismatch, row.merchantCode) : null;
}
