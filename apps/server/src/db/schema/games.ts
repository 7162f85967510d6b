import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { vendors } from './catalogue';
import { bigserialId, createdAt, gameRef, integerRef, memberRef, memberRowColumns, merchantRef, money, updatedAt } from './columns';

/*
 * Playing games: launch tokens and vendor sessions, the vendor wallet's transactions, game
 * rounds, favourites, recent plays and transfer-mode vendor wallets. Money lives in the ledger;
 * these rows say which vendor call moved it and answer repeats of that call.
 */

/**
 * How we talk to a vendor: its HMAC secret and where its game client lives. The secret must be
 * readable (HMAC verification needs it), so this table is never exposed by any member route.
 */
export const vendorIntegrations = pgTable('vendor_integrations', {
  vendorId: integer('vendor_id')
    .primaryKey()
    .references(() => vendors.id),
  apiSecret: text('api_secret').notNull(),
  /** The vendor's game client; {token}, {game}, {vendor}, {lang} are filled in at launch. */
  launchUrl: text('launch_url').notNull(),
  launchMode: text('launch_mode').notNull().default('iframe'),
  /** True while the built-in DEMO vendor plays this vendor's games. */
  isDemo: boolean('is_demo').notNull().default(true),
  createdAt: createdAt(),
});

/**
 * A launch: a single-use token (stored hashed) exchanged once by the vendor for a player
 * session. Bets need a live session; wins and rollbacks only need the session to exist, since
 * a vendor settles rounds after the player has left.
 */
export const gameLaunches = pgTable(
  'game_launches',
  {
    ...memberRowColumns(),
    vendorId: integerRef('vendor_id', () => vendors.id),
    gameId: gameRef(),
    tokenHash: text('token_hash').notNull(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    /** When the vendor exchanged the token; a second exchange is refused. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** SHA-256 of the player session id handed to the vendor. */
    sessionHash: text('session_hash'),
    sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }),
    currency: text('currency').notNull(),
    /** The member's MEMBER_CASH account (MEMBER_TRIAL in fun mode), so a bet needs no lookup to find it. */
    cashAccountId: bigint('cash_account_id', { mode: 'number' }).notNull(),
    /** Fun mode (the free-trial button): play money from MEMBER_TRIAL against TRIAL_ISSUER, never real accounts. */
    isTrial: boolean('is_trial').notNull().default(false),
    platform: text('platform'),
    language: text('language').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('game_launches_token_unique').on(table.tokenHash),
    uniqueIndex('game_launches_session_unique').on(table.sessionHash).where(sql`${table.sessionHash} IS NOT NULL`),
    index('game_launches_member').on(table.memberId, table.createdAt),
  ],
);

/** A vendor's game round: stakes and payouts net of rollbacks; OPEN until a win closes it. */
export const gameRounds = pgTable(
  'game_rounds',
  {
    ...memberRowColumns(),
    vendorId: integerRef('vendor_id', () => vendors.id),
    gameId: gameRef(),
    /** The game's category when played (records filter by it). */
    gameType: text('game_type').notNull(),
    vendorRoundId: text('vendor_round_id').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('OPEN'),
    /** A fun-mode round (play money): kept out of betting records, the winner board and agent figures. */
    isTrial: boolean('is_trial').notNull().default(false),
    betTotal: money('bet_total').default(sql`0`),
    payoutTotal: money('payout_total').default(sql`0`),
    betCount: integer('bet_count').notNull().default(0),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * When a win settled the round (a win that closes it). CLOSED alone may come from a bet sent
     * with isRoundClosed, after which the round's win is still due; once settled, a vendor round
     * takes no further win and none of its bets can be rolled back (docs/vendor-integration.md).
     */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('game_rounds_vendor_round_unique').on(table.vendorId, table.vendorRoundId),
    index('game_rounds_member_opened').on(table.memberId, table.openedAt),
    // Settlement windows of a team: each member's settled rounds by settlement time (issue 16).
    index('game_rounds_member_closed').on(table.memberId, table.closedAt).where(sql`${table.status} = 'CLOSED'`),
    // The winner board's order (migration 0059): net win, then newest, over real closed wins.
    index('game_rounds_biggest_wins')
      .on(table.merchantId, sql`(${table.payoutTotal} - ${table.betTotal}) DESC`, table.closedAt.desc())
      .where(sql`${table.status} = 'CLOSED' AND ${table.isTrial} = false AND ${table.payoutTotal} > ${table.betTotal}`),
    check('game_rounds_status', sql`${table.status} IN ('OPEN', 'CLOSED')`),
    check('game_rounds_totals', sql`${table.betTotal} >= 0 AND ${table.payoutTotal} >= 0`),
  ],
);

/**
 * Every bet, win and rollback a vendor sent, keyed by the vendor's transaction id: a repeat
 * answers with `response` (the first answer), the same id with other content is refused. A
 * rollback of an id we never saw writes a TOMBSTONE under that id, so the late bet is refused.
 */
export const vendorTransactions = pgTable(
  'vendor_transactions',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    vendorId: integerRef('vendor_id', () => vendors.id),
    vendorTransactionId: text('vendor_transaction_id').notNull(),
    kind: text('kind').notNull(),
    memberId: memberRef(),
    roundId: bigint('round_id', { mode: 'number' }).references(() => gameRounds.id),
    amount: money('amount').default(sql`0`),
    /** SHA-256 of the call's content (kind, user, round, game, amount, reference). */
    requestHash: text('request_hash').notNull(),
    /** The bet or win a rollback undoes (the vendor's id). */
    referenceTransactionId: text('reference_transaction_id'),
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }),
    rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
    /** The first answer, returned again to a repeat. */
    response: jsonb('response').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('vendor_transactions_vendor_id_unique').on(table.vendorId, table.vendorTransactionId),
    index('vendor_transactions_round').on(table.roundId),
    check('vendor_transactions_kind', sql`${table.kind} IN ('BET', 'WIN', 'ROLLBACK', 'TOMBSTONE')`),
    check('vendor_transactions_amount', sql`${table.amount} >= 0`),
  ],
);

/** A member's favourite games; one row per game however often it is added. */
export const gameFavourites = pgTable(
  'game_favourites',
  {
    memberId: memberRef(),
    gameId: gameRef(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameId] }),
    index('game_favourites_member_created').on(table.memberId, table.createdAt),
  ],
);

/** The last time a member launched each game (recent games). */
export const gameRecentPlays = pgTable(
  'game_recent_plays',
  {
    memberId: memberRef(),
    gameId: gameRef(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull(),
    playCount: integer('play_count').notNull().default(1),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameId] }),
    index('game_recent_plays_member_played').on(table.memberId, table.playedAt),
  ],
);

/**
 * Transfer mode: what a member has moved into a vendor's own wallet. The ledger sees it as
 * MEMBER_CASH -> VENDOR_CLEARING:<vendor> (the money is at the vendor); this row is the
 * member's share of it, changed in the same transaction as the ledger transfer.
 */
export const vendorTransferWallets = pgTable(
  'vendor_transfer_wallets',
  {
    merchantId: merchantRef(),
    memberId: memberRef(),
    vendorId: integerRef('vendor_id', () => vendors.id),
    balance: money('balance').default(sql`0`),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.vendorId] }),
    check('vendor_transfer_wallets_non_negative', sql`${table.balance} >= 0`),
  ],
);

export type VendorTransactionRow = typeof vendorTransactions.$inferSelect;
export type GameRoundRow = typeof gameRounds.$inferSelect;
export type GameLaunchRow = typeof gameLaunches.$inferSelect;
