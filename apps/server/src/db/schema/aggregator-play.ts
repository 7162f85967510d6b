import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { aggregatorIntegrations } from './aggregators';
import { bigserialId, createdAt, gameRef, integerRef, memberRef, merchantRef } from './columns';
import { gameRounds } from './games';

/*
 * Play through a game aggregator (issue 21): the aggregator's game session and the bonus
 * attributes of its bets. Money never lives here: bets, wins and rollbacks go through the vendor
 * wallet's engines (vendor_transactions, game_rounds, the ledger); modules/vendor-wallet/
 * seamless-core.ts owns these rows.
 */

/**
 * A game session opened for an aggregator: ONE multi-use token (stored as its SHA-256) for the
 * whole session, late wins and rollbacks included. `expires_at` only stops new bets. `game_id`
 * is the game now played: a live lobby may switch games inside the session.
 */
export const aggregatorSessions = pgTable(
  'aggregator_sessions',
  {
    id: bigserialId(),
    integrationId: integerRef('integration_id', () => aggregatorIntegrations.id),
    merchantId: merchantRef(),
    memberId: memberRef(),
    tokenHash: text('token_hash').notNull(),
    gameId: gameRef(),
    currency: text('currency').notNull(),
    /** MEMBER_CASH (MEMBER_TRIAL in fun mode). */
    cashAccountId: bigint('cash_account_id', { mode: 'number' }).notNull(),
    isTrial: boolean('is_trial').notNull().default(false),
    /** New bets are refused after this; wins and rollbacks never are. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('aggregator_sessions_token_unique').on(table.tokenHash),
    index('aggregator_sessions_member').on(table.memberId, table.createdAt),
  ],
);

/**
 * The attributes an aggregator sends with a bet, win or promo credit that the ledger does not
 * carry: a free bet's face value (no stake taken), supplier promotions, the bet type, the
 * supplier's user and its free-form meta. One row per aggregator transaction, tied to our round.
 */
export const aggregatorBets = pgTable(
  'aggregator_bets',
  {
    integrationId: integerRef('integration_id', () => aggregatorIntegrations.id),
    transactionUuid: text('transaction_uuid').notNull(),
    kind: text('kind').notNull(),
    roundId: bigint('round_id', { mode: 'number' }).references(() => gameRounds.id),
    memberId: memberRef(),
    /** The amount the aggregator named, in our minor units (a free bet's stake, which is not taken). */
    faceAmount: bigint('face_amount', { mode: 'bigint' }).notNull(),
    isFree: boolean('is_free').notNull().default(false),
    isSupplierPromo: boolean('is_supplier_promo').notNull().default(false),
    betType: text('bet_type'),
    supplierUser: text('supplier_user'),
    meta: jsonb('meta').$type<unknown>(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.integrationId, table.transactionUuid] }),
    index('aggregator_bets_round').on(table.roundId),
    check('aggregator_bets_kind', sql`${table.kind} IN ('BET', 'WIN', 'PROMO')`),
  ],
);
