import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, bigserialId, createdAt, merchantRef } from './columns';

/** One reconciliation of a provider's statement for one merchant day and channel; the unique key makes the daily job idempotent. */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    provider: text('provider').notNull(),
    channelCode: text('channel_code').notNull(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('running'),
    oursCount: integer('ours_count').notNull().default(0),
    theirsCount: integer('theirs_count').notNull().default(0),
    matchedCount: integer('matched_count').notNull().default(0),
    mismatchCount: integer('mismatch_count').notNull().default(0),
    error: text('error'),
    attempts: integer('attempts').notNull().default(1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('reconciliation_runs_day_unique').on(table.merchantId, table.provider, table.channelCode, table.businessDay),
    index('reconciliation_runs_day_idx').on(table.businessDay, table.id),
    check('reconciliation_runs_status_check', sql`${table.status} in ('running', 'completed', 'failed')`),
  ],
);

/** A difference between our books and the provider's statement; operators resolve it with a note (audited). */
export const reconciliationMismatches = pgTable(
  'reconciliation_mismatches',
  {
    id: bigserialId(),
    runId: bigintRef('run_id', () => reconciliationRuns.id),
    merchantId: merchantRef(),
    provider: text('provider').notNull(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    direction: text('direction').notNull(),
    kind: text('kind').notNull(),
    /** The payment's identity on both sides (our order id / the provider's reference): one row per payment per run. */
    matchKey: text('match_key').notNull(),
    ourId: bigint('our_id', { mode: 'number' }),
    providerReference: text('provider_reference'),
    ourAmount: bigint('our_amount', { mode: 'bigint' }),
    theirAmount: bigint('their_amount', { mode: 'bigint' }),
    ourStatus: text('our_status'),
    theirStatus: text('their_status'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by'),
    resolutionNote: text('resolution_note'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('reconciliation_mismatches_key_unique').on(table.runId, table.direction, table.matchKey),
    index('reconciliation_mismatches_open_idx').on(table.merchantId, table.businessDay, table.id).where(sql`${table.resolvedAt} is null`),
    index('reconciliation_mismatches_run_idx').on(table.runId, table.id),
    check('reconciliation_mismatches_direction_check', sql`${table.direction} in ('deposit', 'payout')`),
    check('reconciliation_mismatches_kind_check', sql`${table.kind} in ('missing_ours', 'missing_theirs', 'amount', 'status')`),
  ],
);
