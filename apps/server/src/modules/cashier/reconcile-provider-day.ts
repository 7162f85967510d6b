import { and, asc, eq, gt, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { depositRequests } from '../../db/schema/cashier';
import { providerPayouts } from '../../db/schema/payment-providers';
import { reconciliationMismatches, reconciliationRuns } from '../../db/schema/reconciliation';
import type { Db } from '../../platform/db';
import type { DepositChannelRow } from './deposit-queries';
import type { PaymentProvider, ProviderChannelConfig, StatementLine } from './payment-provider';
import { payoutReferenceOf } from './provider-payout-queries';
import {
  compareRecords,
  isMissingOursWorthListing,
  type MismatchKind,
  type OurRecord,
  stateOfDeposit,
  stateOfPayout,
  stateOfStatementStatus,
} from './reconcile-compare';
import { findReconciliationRun, isReconciliationRun, type ReconciliationRunKey } from './reconcile-queries';

/** Rows read per query and mismatches written per insert: a 100k-payment day is 20 reads of each side, never one huge result. */
export const RECONCILE_BATCH = 5_000;
const INSERT_BATCH = 500;
/** A `running` run older than this died with its node; the next job run takes it over. */
const STALE_RUN_MS = 30 * 60_000;

export type ReconciliationRunRow = typeof reconciliationRuns.$inferSelect;
type MismatchInsert = typeof reconciliationMismatches.$inferInsert;
type Direction = 'deposit' | 'payout';

export interface ReconcileDayInput {
  channel: DepositChannelRow;
  provider: PaymentProvider;
  config: ProviderChannelConfig;
  /** The merchant's calendar day, YYYY-MM-DD, and its UTC bounds. */
  day: string;
  from: Date;
  to: Date;
}

/**
 * Reconciles one channel's merchant day with the provider's statement of it: our credited
 * deposits and settled payouts of the day against the statement lines, each payment matched by
 * any id both sides know (the provider's payment or transaction id, our payout reference).
 * Differences are stored: `missing_ours` (the provider moved money we have no record of, or one
 * we never settled), `missing_theirs` (we credited or paid what the statement lacks), `amount`,
 * `status` (e.g. a payout the provider reversed after paying it).
 *
 * Idempotent: the run is claimed by its (merchant, provider, channel, day) key; a completed run
 * is answered as it is, a failed or abandoned one is taken over, and mismatches are keyed by
 * (run, direction, payment) so a retry never lists one twice nor undoes an operator's resolution.
 * Memory and queries stay bounded at 100k payments a day: our side is read in keyset batches,
 * only the statement (one line per payment) is held in memory.
 */
export async function reconcileProviderDay(deps: { db: Db; now: Date }, input: ReconcileDayInput): Promise<ReconciliationRunRow | null> {
  const run = await claimRun(deps, input);
  if (!run || run.status === 'completed') return run;
  try {
    const lines = input.provider.fetchStatement
      ? await input.provider.fetchStatement(input.config, { from: input.from, to: input.to })
      : [];
    const counts = { ours: 0, theirs: lines.length, matched: 0, mismatches: 0 };
    const writer = mismatchWriter(deps.db, run, counts);
    const deposits = indexLines(lines.filter((line) => line.direction === 'in'));
    const payouts = indexLines(lines.filter((line) => line.direction === 'out'));
    await compareOurs(deps.db, 'deposit', ourDepositsOfDay(deps.db, input), deposits, writer, counts);
    await compareLeftovers(deps.db, 'deposit', deposits, (keys) => ourDepositsByKey(deps.db, input.channel.id, keys), writer, counts);
    await compareOurs(deps.db, 'payout', ourPayoutsOfDay(deps.db, input), payouts, writer, counts);
    await compareLeftovers(deps.db, 'payout', payouts, (keys) => ourPayoutsByKey(deps.db, input.channel.id, keys), writer, counts);
    await writer.flush();
    const [done] = await deps.db
      .update(reconciliationRuns)
      .set({
        status: 'completed',
        oursCount: counts.ours,
        theirsCount: counts.theirs,
        matchedCount: counts.matched,
        mismatchCount: counts.mismatches,
        error: null,
        finishedAt: deps.now,
      })
      .where(eq(reconciliationRuns.id, run.id))
      .returning();
    return done ?? run;
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 500) : 'failed';
    const [failed] = await deps.db
      .update(reconciliationRuns)
      .set({ status: 'failed', error: message, finishedAt: deps.now })
      .where(eq(reconciliationRuns.id, run.id))
      .returning();
    return failed ?? run;
  }
}

async function claimRun(deps: { db: Db; now: Date }, input: ReconcileDayInput): Promise<ReconciliationRunRow | null> {
  const key: ReconciliationRunKey = {
    merchantId: input.channel.merchantId,
    provider: input.provider.provider,
    channelCode: input.channel.code,
    businessDay: input.day,
  };
  const [claimed] = await deps.db
    .insert(reconciliationRuns)
    .values({ ...key, status: 'running', startedAt: deps.now })
    .onConflictDoNothing()
    .returning();
  if (claimed) return claimed;
  // Taken over only when it failed or its node died; the conditional update lets one node win.
  const [retaken] = await deps.db
    .update(reconciliationRuns)
    .set({ status: 'running', attempts: sql`${reconciliationRuns.attempts} + 1`, startedAt: deps.now, error: null, finishedAt: null })
    .where(
      and(
        isReconciliationRun(key),
        or(
          eq(reconciliationRuns.status, 'failed'),
          and(eq(reconciliationRuns.status, 'running'), lt(reconciliationRuns.startedAt, new Date(deps.now.getTime() - STALE_RUN_MS))),
        ),
      ),
    )
    .returning();
  if (retaken) return retaken;
  const existing = await findReconciliationRun(deps.db, key);
  // Completed: answered as it is. Running on another node: not ours to touch now.
  return existing?.status === 'completed' ? existing : null;
}

/** The statement lines of one direction, findable by each id they carry. */
function indexLines(lines: StatementLine[]): { byKey: Map<string, StatementLine>; open: Set<StatementLine> } {
  const byKey = new Map<string, StatementLine>();
  for (const line of lines) {
    byKey.set(line.providerTransactionId, line);
    if (line.merchantReference) byKey.set(line.merchantReference, line);
  }
  return { byKey, open: new Set(lines) };
}

interface Counts {
  ours: number;
  theirs: number;
  matched: number;
  mismatches: number;
}

function mismatchWriter(db: Db, run: ReconciliationRunRow, counts: Counts) {
  let pending: MismatchInsert[] = [];
  async function flush() {
    if (pending.length === 0) return;
    const rows = pending;
    pending = [];
    // A retried run finds the same payments again: the (run, direction, key) index keeps one row, and its resolution.
    await db.insert(reconciliationMismatches).values(rows).onConflictDoNothing();
  }
  return {
    async add(direction: Direction, kind: MismatchKind, ours: OurRecord | null, theirs: StatementLine | null) {
      counts.mismatches += 1;
      pending.push({
        runId: run.id,
        merchantId: run.merchantId,
        provider: run.provider,
        businessDay: run.businessDay,
        direction,
        kind,
        matchKey: theirs?.providerTransactionId ?? `ours:${ours?.id}`,
        ourId: ours?.id ?? null,
        providerReference: theirs?.providerTransactionId ?? ours?.keys[0] ?? null,
        ourAmount: ours?.amount ?? null,
        theirAmount: theirs?.amount ?? null,
        ourStatus: ours?.status ?? null,
        theirStatus: theirs?.status ?? null,
      });
      if (pending.length >= INSERT_BATCH) await flush();
    },
    flush,
  };
}
type Writer = ReturnType<typeof mismatchWriter>;

async function compareOurs(
  _db: Db,
  direction: Direction,
  batches: AsyncIterable<OurRecord[]>,
  lines: ReturnType<typeof indexLines>,
  writer: Writer,
  counts: Counts,
): Promise<void> {
  for await (const batch of batches) {
    for (const ours of batch) {
      counts.ours += 1;
      const theirs = ours.keys.map((key) => lines.byKey.get(key)).find((line) => line !== undefined);
      if (!theirs) {
        await writer.add(direction, 'missing_theirs', ours, null);
        continue;
      }
      lines.open.delete(theirs);
      const kind = compareRecords(ours, theirs);
      if (kind) await writer.add(direction, kind, ours, theirs);
      else counts.matched += 1;
    }
  }
}

/** Statement lines none of the day's records claimed: settled by us another day, never settled, or unknown to us. */
async function compareLeftovers(
  _db: Db,
  direction: Direction,
  lines: ReturnType<typeof indexLines>,
  findOurs: (keys: string[]) => Promise<OurRecord[]>,
  writer: Writer,
  counts: Counts,
): Promise<void> {
  const open = [...lines.open];
  for (let start = 0; start < open.length; start += RECONCILE_BATCH) {
    const chunk = open.slice(start, start + RECONCILE_BATCH);
    const keys = chunk.flatMap((line) =>
      line.merchantReference ? [line.providerTransactionId, line.merchantReference] : [line.providerTransactionId],
    );
    const byKey = new Map<string, OurRecord>();
    for (const ours of await findOurs(keys)) for (const key of ours.keys) byKey.set(key, ours);
    for (const theirs of chunk) {
      const ours = byKey.get(theirs.providerTransactionId) ?? (theirs.merchantReference ? byKey.get(theirs.merchantReference) : undefined);
      if (!ours) {
        if (isMissingOursWorthListing(theirs)) await writer.add(direction, 'missing_ours', null, theirs);
        else counts.matched += 1;
        continue;
      }
      // Ours settled on another day (a late callback, a day boundary) and agrees: a match.
      const kind = compareRecords(ours, theirs);
      if (kind)
        await writer.add(
          direction,
          stateOfStatementStatus(theirs.status) === 'paid' && ours.state !== 'paid' ? 'missing_ours' : kind,
          ours,
          theirs,
        );
      else counts.matched += 1;
    }
  }
}

interface DepositSide {
  id: number;
  amount: bigint;
  status: string;
  resolvedAt: Date | null;
  gatewayTransactionId: string | null;
  providerTransactionId: string | null;
}

function depositRecord(row: DepositSide): OurRecord {
  return {
    id: row.id,
    amount: row.amount,
    status: row.status,
    state: stateOfDeposit(row.status),
    keys: [row.gatewayTransactionId, row.providerTransactionId].filter((key): key is string => Boolean(key)),
  };
}

function payoutRecord(row: {
  id: number;
  amount: bigint;
  status: string;
  providerPayoutId: string | null;
  providerTransactionId: string | null;
}): OurRecord {
  return {
    id: row.id,
    amount: row.amount,
    status: row.status,
    state: stateOfPayout(row.status),
    keys: [row.providerPayoutId, row.providerTransactionId, payoutReferenceOf(row.id)].filter((key): key is string => Boolean(key)),
  };
}

const depositColumns = {
  id: depositRequests.id,
  amount: depositRequests.amount,
  status: depositRequests.status,
  resolvedAt: depositRequests.resolvedAt,
  gatewayTransactionId: depositRequests.gatewayTransactionId,
  providerTransactionId: depositRequests.providerTransactionId,
};

/** The channel's deposits credited in the day, in (resolved_at, id) keyset batches (deposit_requests_gateway_resolved_idx). */
async function* ourDepositsOfDay(db: Db, input: ReconcileDayInput): AsyncIterable<OurRecord[]> {
  let after: { at: Date; id: number } | null = null;
  for (;;) {
    const cursor = after;
    const rows: DepositSide[] = await db
      .select(depositColumns)
      .from(depositRequests)
      .where(
        and(
          eq(depositRequests.merchantId, input.channel.merchantId),
          isNotNull(depositRequests.gatewayTransactionId),
          gte(depositRequests.resolvedAt, input.from),
          lt(depositRequests.resolvedAt, input.to),
          eq(depositRequests.channelId, input.channel.id),
          eq(depositRequests.status, 'approved'),
          cursor ? sql`(${depositRequests.resolvedAt}, ${depositRequests.id}) > (${cursor.at}, ${cursor.id})` : undefined,
        ),
      )
      .orderBy(asc(depositRequests.resolvedAt), asc(depositRequests.id))
      .limit(RECONCILE_BATCH);
    if (rows.length === 0) return;
    yield rows.map(depositRecord);
    const last = rows[rows.length - 1];
    if (!last?.resolvedAt || rows.length < RECONCILE_BATCH) return;
    after = { at: last.resolvedAt, id: last.id };
  }
}

async function ourDepositsByKey(db: Db, channelId: number, keys: string[]): Promise<OurRecord[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select(depositColumns)
    .from(depositRequests)
    .where(
      and(
        eq(depositRequests.channelId, channelId),
        or(inArray(depositRequests.gatewayTransactionId, keys), inArray(depositRequests.providerTransactionId, keys)),
      ),
    );
  return rows.map(depositRecord);
}

const payoutColumns = {
  id: providerPayouts.id,
  amount: providerPayouts.amount,
  status: providerPayouts.status,
  settledAt: providerPayouts.settledAt,
  providerPayoutId: providerPayouts.providerPayoutId,
  providerTransactionId: providerPayouts.providerTransactionId,
};

/** The channel's payouts settled in the day (paid or failed-and-returned), in (settled_at, id) keyset batches. */
async function* ourPayoutsOfDay(db: Db, input: ReconcileDayInput): AsyncIterable<OurRecord[]> {
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select(payoutColumns)
      .from(providerPayouts)
      .where(
        and(
          eq(providerPayouts.channelId, input.channel.id),
          eq(providerPayouts.status, 'paid'),
          gte(providerPayouts.settledAt, input.from),
          lt(providerPayouts.settledAt, input.to),
          gt(providerPayouts.id, afterId),
        ),
      )
      .orderBy(asc(providerPayouts.id))
      .limit(RECONCILE_BATCH);
    if (rows.length === 0) return;
    yield rows.map(payoutRecord);
    if (rows.length < RECONCILE_BATCH) return;
    afterId = rows[rows.length - 1]?.id ?? afterId;
  }
}

async function ourPayoutsByKey(db: Db, channelId: number, keys: string[]): Promise<OurRecord[]> {
  if (keys.length === 0) return [];
  const ids = keys
    .map((key) => /^KP(\d{1,15})$/.exec(key)?.[1])
    .filter((id): id is string => Boolean(id))
    .map(Number);
  const rows = await db
    .select(payoutColumns)
    .from(providerPayouts)
    .where(
      and(
        eq(providerPayouts.channelId, channelId),
        or(
          inArray(providerPayouts.providerPayoutId, keys),
          inArray(providerPayouts.providerTransactionId, keys),
          ids.length > 0 ? inArray(providerPayouts.id, ids) : undefined,
        ),
      ),
    );
  return rows.map(payoutRecord);
}
