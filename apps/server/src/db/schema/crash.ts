import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { bigintRef, bigserialId, integerRef, merchantRef, money } from './columns';
import { merchants } from './merchants';

/*
 * Crash (issue 23, docs/game-math.md "Crash"): one shared round for all members of a merchant
 * every few seconds, its crash point from a published hash chain.
 */

/**
 * A hash chain of a merchant: the terminal seed (sealed with the seed vault while any of its
 * rounds is unplayed), the commitment s_0, the public salt and the house edge, all published
 * before its first round. Round n of the chain plays seed s_n (game-math crash/hash-chain.ts).
 */
export const crashChains = pgTable(
  'crash_chains',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    length: integer('length').notNull(),
    terminalSeedSealed: text('terminal_seed_sealed').notNull(),
    commitment: text('commitment').notNull(),
    salt: text('salt').notNull(),
    edgeBasisPoints: integer('edge_basis_points').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [unique('crash_chains_commitment').on(table.commitment), index('crash_chains_merchant').on(table.merchantId, table.id)],
);

/**
 * One shared round. Its timeline is fixed when the engine opens it (bets until running_at, the
 * curve until crashes_at), so every node and every request judges the phase by the clock alone;
 * the engine only opens rounds and settles them. The seed and point are shown once crashed.
 */
export const crashRounds = pgTable(
  'crash_rounds',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    chainId: bigintRef('chain_id', () => crashChains.id),
    roundIndex: integer('round_index').notNull(),
    seedHex: text('seed_hex').notNull(),
    crashPoint: integer('crash_point').notNull(),
    bettingOpensAt: timestamp('betting_opens_at', { withTimezone: true }).notNull(),
    runningAt: timestamp('running_at', { withTimezone: true }).notNull(),
    crashesAt: timestamp('crashes_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    unique('crash_rounds_chain_index').on(table.chainId, table.roundIndex),
    index('crash_rounds_merchant').on(table.merchantId, table.id),
    index('crash_rounds_unsettled').on(table.merchantId).where(sql`settled_at IS NULL`),
  ],
);

/**
 * One member's bet in one round (at most one): OPEN until cashed out (CASHED, at cash_out) or
 * the round crashes (LOST). The stake was debited when placed; the payout is credited by the
 * transaction that flips OPEN to CASHED, so a bet is paid at most once.
 */
export const crashBets = pgTable(
  'crash_bets',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    roundId: bigintRef('round_id', () => crashRounds.id),
    memberId: integerRef('member_id', () => members.id),
    memberAccountId: integer('member_account_id').notNull(),
    houseAccountId: integer('house_account_id').notNull(),
    isTrial: boolean('is_trial').notNull(),
    /** The member's name as the live feed shows it (masked when placed: r***9). */
    player: text('player').notNull(),
    currency: text('currency').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    stakeMinor: money('stake_minor'),
    autoCashOut: integer('auto_cash_out'),
    status: text('status').notNull().default('OPEN'),
    cashOut: integer('cash_out'),
    payoutMinor: money('payout_minor').default(0n),
    betTransferId: bigint('bet_transfer_id', { mode: 'number' }),
    payoutTransferId: bigint('payout_transfer_id', { mode: 'number' }),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    unique('crash_bets_member_key').on(table.memberId, table.idempotencyKey),
    unique('crash_bets_round_member').on(table.roundId, table.memberId),
    index('crash_bets_round_open').on(table.roundId).where(sql`status = 'OPEN'`),
    index('crash_bets_member').on(table.memberId, table.id),
    check('crash_bets_status', sql`status in ('OPEN', 'CASHED', 'LOST')`),
    check('crash_bets_stake', sql`stake_minor > 0`),
  ],
);

/**
 * The engine's lease per merchant: the node that holds an unexpired lease runs the rounds; a
 * node whose lease expired (it died or hung) is replaced by the first node to take it over.
 */
export const crashEngineLeases = pgTable('crash_engine_leases', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  node: text('node').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
