import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, bigserialId, createdAt, memberRef, memberRowColumns, merchantRef, money, updatedAt } from './columns';
import { promotions } from './promotions';

/*
 * The promotion kinds with state of their own (docs/promotions.md "Kinds"): the members' day
 * tallies the fact engine keeps, red-envelope seeds, draws and stock, invite-friends codes and
 * invitees, activity applications. Every payout is a promotion award (promotions.ts).
 */

function promotionRef() {
  return integer('promotion_id')
    .notNull()
    .references(() => promotions.id);
}

/** A member's credited deposits and valid bet of one site day (merchant time zone), from facts. */
export const promotionMemberDays = pgTable(
  'promotion_member_days',
  {
    memberId: memberRef(),
    merchantId: merchantRef(),
    /** YYYY-MM-DD in the merchant's time zone. */
    dayKey: text('day_key').notNull(),
    depositTotal: money('deposit_total').default(sql`0`),
    validBetTotal: money('valid_bet_total').default(sql`0`),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.dayKey] })],
);

/**
 * The server seed of a member's next red-envelope draw: committed (its SHA-256 shown) before the
 * member sends a client seed, used by exactly one draw, revealed in that draw's answer. Until then
 * it is stored only sealed (AES-256-GCM, key outside the database): a database reader who knew it
 * could search client seeds offline for the top prize.
 */
export const redEnvelopeSeeds = pgTable(
  'red_envelope_seeds',
  {
    ...memberRowColumns(),
    promotionId: promotionRef(),
    commitment: text('commitment').notNull(),
    serverSeedSealed: text('server_seed_sealed'),
    serverSeedHex: text('server_seed_hex'),
    status: text('status').notNull(),
    /** The nonce of the draw that uses it: the member's draw count in this promotion. */
    nonce: integer('nonce').notNull(),
    createdAt: createdAt(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('red_envelope_seeds_committed').on(table.memberId, table.promotionId).where(sql`${table.status} = 'COMMITTED'`),
    check('red_envelope_seeds_status', sql`${table.status} IN ('COMMITTED', 'REVEALED')`),
  ],
);

/** One red-envelope draw with everything needed to verify it. */
export const redEnvelopeDraws = pgTable(
  'red_envelope_draws',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    promotionId: promotionRef(),
    memberId: memberRef(),
    periodKey: text('period_key').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    seedId: bigintRef('seed_id', () => redEnvelopeSeeds.id),
    commitment: text('commitment').notNull(),
    serverSeedHex: text('server_seed_hex').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    weights: jsonb('weights').$type<number[]>().notNull(),
    roll: bigint('roll', { mode: 'number' }).notNull(),
    totalWeight: bigint('total_weight', { mode: 'number' }).notNull(),
    pickedIndex: integer('picked_index').notNull(),
    prizeIndex: integer('prize_index').notNull(),
    isStockOut: boolean('is_stock_out').notNull(),
    amount: money('amount'),
    awardId: bigint('award_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('red_envelope_draws_key').on(table.memberId, table.idempotencyKey),
    uniqueIndex('red_envelope_draws_seed').on(table.seedId),
    index('red_envelope_draws_member').on(table.promotionId, table.memberId, table.periodKey),
    check('red_envelope_draws_amount', sql`${table.amount} > 0`),
  ],
);

/** Prizes of a line drawn in a period; the conditional increment never passes the line's stock. */
export const redEnvelopeStock = pgTable(
  'red_envelope_stock',
  {
    promotionId: promotionRef(),
    periodKey: text('period_key').notNull(),
    prizeIndex: integer('prize_index').notNull(),
    drawn: integer('drawn').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.promotionId, table.periodKey, table.prizeIndex] })],
);

/** A member's personal invite code (invite friends); made on first use. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    memberId: memberRef().primaryKey(),
    merchantId: merchantRef(),
    code: text('code').notNull(),
    /** Where the inviter last opened the invite page: a friend registering from there is the inviter. */
    lastIp: text('last_ip'),
    lastDeviceId: text('last_device_id'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('referral_codes_code').on(table.merchantId, table.code)],
);

/** A friend who registered with a member's code, and how far they got. */
export const referralInvites = pgTable(
  'referral_invites',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    inviterId: memberRef('inviter_id'),
    inviteeId: memberRef('invitee_id'),
    code: text('code').notNull(),
    registerIp: text('register_ip'),
    deviceId: text('device_id'),
    userAgent: text('user_agent'),
    stage: text('stage').notNull().default('REGISTERED'),
    flags: jsonb('flags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The REFERRAL promotion that paid or holds it (the live one when the friend qualified). */
    promotionId: integer('promotion_id').references(() => promotions.id),
    amount: money('amount').default(sql`0`),
    awardId: bigint('award_id', { mode: 'number' }),
    qualifyBy: timestamp('qualify_by', { withTimezone: true }),
    qualifiedAt: timestamp('qualified_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    reviewNote: text('review_note'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('referral_invites_invitee').on(table.inviteeId),
    index('referral_invites_inviter').on(table.inviterId, table.id),
    index('referral_invites_stage').on(table.merchantId, table.stage, table.id),
    check('referral_invites_stage', sql`${table.stage} IN ('REGISTERED', 'QUALIFIED', 'FLAGGED', 'REJECTED', 'EXPIRED', 'CAPPED')`),
    check('referral_invites_self', sql`${table.inviterId} <> ${table.inviteeId}`),
  ],
);

/** An image of an application: the storage key (platform/file-storage) and what its bytes are. */
export interface ApplicationImage {
  key: string;
  contentType: string;
  size: number;
}

/** A member's application to an ACTIVITY promotion, reviewed by an operator. */
export const activityApplications = pgTable(
  'activity_applications',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    promotionId: promotionRef(),
    memberId: memberRef(),
    comment: text('comment').notNull(),
    images: jsonb('images').$type<ApplicationImage[]>().notNull(),
    status: text('status').notNull().default('APPLYING'),
    amount: bigint('amount', { mode: 'bigint' }),
    rejectReason: text('reject_reason'),
    awardId: bigint('award_id', { mode: 'number' }),
    reviewedBy: text('reviewed_by'),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [
    // One application under review per member and promotion: a second tap is refused, not queued.
    uniqueIndex('activity_applications_pending').on(table.promotionId, table.memberId).where(sql`${table.status} = 'APPLYING'`),
    index('activity_applications_queue').on(table.merchantId, table.status, table.id),
    index('activity_applications_member').on(table.memberId, table.id),
    check('activity_applications_status', sql`${table.status} IN ('APPLYING', 'ISSUED', 'REJECTED')`),
    check('activity_applications_comment', sql`char_length(${table.comment}) <= 140`),
  ],
);
