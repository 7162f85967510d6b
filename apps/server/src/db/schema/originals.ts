import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { bigintRef, bigserialId, integerRef, merchantRef, money } from './columns';
import { fairnessSeeds } from './house-games';

/**
 * One round of a Kismat Original (issue 23): dice (opened and settled in one transaction) or
 * mines (OPEN from the stake's debit until a mine or a cash-out settles it). The nonce comes from
 * the member's SLOTS seed pair (fairness_seeds), so its outcome is recomputable once the seed is
 * revealed; the row exists if and only if the stake moved. `outcome` holds the mined tiles of an
 * open round: the API never shows them before the round is settled, and a seed rotation is
 * refused while a round is open (it would reveal them).
 */
export const originalRounds = pgTable(
  'original_rounds',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    memberId: integerRef('member_id', () => members.id),
    game: text('game').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    seedId: bigintRef('seed_id', () => fairnessSeeds.id),
    nonce: integer('nonce').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** The merchant's house edge when the round opened (basis points): the multipliers depend on it. */
    houseEdgeBp: integer('house_edge_bp').notNull(),
    stakeMinor: money('stake_minor'),
    payoutMinor: money('payout_minor').default(sql`0`),
    /** Multiplier paid, in 1/10,000 (0 when lost). */
    multiplier: integer('multiplier').notNull().default(0),
    status: text('status').notNull(),
    /** The bet: dice { direction, chance }, mines { mineCount }, plinko { rows, risk }, card games { <bet>: stake minor units as text }. */
    params: jsonb('params').notNull(),
    /** What was drawn: dice { roll }, mines { mineTiles }, plinko { path, slot }, card games the deal (present-original-round.ts). */
    outcome: jsonb('outcome').notNull(),
    /** Mines: the tiles picked, in order. */
    picks: jsonb('picks').notNull().default(sql`'[]'::jsonb`),
    isTrial: boolean('is_trial').notNull(),
    currency: text('currency').notNull(),
    betTransferId: bigint('bet_transfer_id', { mode: 'number' }),
    payoutTransferId: bigint('payout_transfer_id', { mode: 'number' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    unique('original_rounds_member_key').on(table.memberId, table.idempotencyKey),
    unique('original_rounds_seed_nonce').on(table.seedId, table.nonce),
    index('original_rounds_member_game').on(table.memberId, table.game, table.id),
    // One open round per member: a second start waits for, then sees, the first.
    uniqueIndex('original_rounds_one_open').on(table.memberId).where(sql`status = 'OPEN'`),
    check('original_rounds_status', sql`status in ('OPEN', 'WON', 'LOST')`),
    check('original_rounds_game', sql`game in ('DICE', 'MINES', 'PLINKO', 'DRAGON_TIGER', 'ANDAR_BAHAR', 'TEEN_PATTI')`),
  ],
);
