import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigserialId, createdAt, memberRef, merchantRef, money } from './columns';

/*
 * The facts every loyalty engine reacts to (modules/facts, docs/ARCHITECTURE.md "Facts"): a
 * settled real-money round, a credited deposit and an approved withdrawal (the last for the agent
 * report rollups only). A fact row is written in the transaction that moved the money, so it
 * exists iff the money moved; the consumer applies every engine to a batch and deletes the batch
 * in one transaction, so each (engine, fact) happens exactly once.
 */

/** Facts not yet applied by the engines; processed rows are deleted (game_rounds and the cashier requests are the history). */
export const factQueue = pgTable(
  'fact_queue',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    memberId: memberRef(),
    kind: text('kind').$type<'ROUND' | 'DEPOSIT' | 'WITHDRAWAL'>().notNull(),
    /** game_rounds.id for a ROUND, deposit_requests.id for a DEPOSIT, withdrawal_requests.id for a WITHDRAWAL. */
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    /** The round's game type (catalogue category); null for a deposit or withdrawal. */
    gameType: text('game_type'),
    /** Valid bet (a round's net stake), the deposit's credited or the withdrawal's paid amount, in minor units. */
    amount: money('amount'),
    /** The round's payout; 0 for a deposit or withdrawal. */
    payout: bigint('payout', { mode: 'bigint' }).notNull().default(sql`0`),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** Batches this fact was in that failed; after the consumer's limit it moves to fact_dead_letters. */
    attempts: integer('attempts').notNull().default(0),
  },
  (table) => [
    // A retried vendor win or a second gateway callback can never enqueue the same fact twice.
    uniqueIndex('fact_queue_kind_source_unique').on(table.kind, table.sourceId),
    index('fact_queue_member').on(table.memberId, table.id),
    check('fact_queue_kind', sql`${table.kind} IN ('ROUND', 'DEPOSIT', 'WITHDRAWAL')`),
    check('fact_queue_amounts', sql`${table.amount} > 0 AND ${table.payout} >= 0`),
  ],
);

/** A fact that failed every attempt (a poison fact): kept with its last error for an operator, out of the queue. */
export const factDeadLetters = pgTable(
  'fact_dead_letters',
  {
    id: bigserialId(),
    /** The fact_queue id it had, so an engine's effect rows can be matched. */
    factId: bigint('fact_id', { mode: 'number' }).notNull(),
    merchantId: merchantRef(),
    memberId: memberRef(),
    kind: text('kind').$type<'ROUND' | 'DEPOSIT' | 'WITHDRAWAL'>().notNull(),
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    gameType: text('game_type'),
    amount: money('amount'),
    payout: money('payout'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull(),
    /** The engine that threw (when known) and its message. */
    engine: text('engine'),
    error: text('error').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('fact_dead_letters_kind_source_unique').on(table.kind, table.sourceId),
    index('fact_dead_letters_merchant').on(table.merchantId, table.createdAt),
  ],
);
