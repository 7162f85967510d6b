import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { bigintRef, bigserialId, integerRef, merchantRef, money, wholeBigint } from './columns';

/**
 * One server seed of a member's provably fair seeds for one game family, through its life:
 * NEXT (committed: its SHA-256 is shown before it is ever used, and before the player chooses
 * the client seed it will be paired with), ACTIVE (rounds take their nonce from it), REVEALED
 * (rotated out; the seed is published). At most one NEXT and one ACTIVE per member and family,
 * so every round's nonce comes from one locked row. While NEXT or ACTIVE the seed exists only
 * sealed (AES-256-GCM, key outside the database: seed-vault.ts), so reading the database does
 * not tell anyone the coming outcomes (issue 11, finding 10); `server_seed_hex` holds it in
 * clear once REVEALED (and on rows from before sealing, until the seal job seals them).
 */
export const fairnessSeeds = pgTable(
  'fairness_seeds',
  {
    id: bigserialId(),
    memberId: integerRef('member_id', () => members.id),
    family: text('family').notNull(),
    /** The seed in clear: only once revealed (or a row from before sealing). */
    serverSeedHex: text('server_seed_hex'),
    /** The sealed seed (seed-vault.ts) while it is secret. */
    serverSeedSealed: text('server_seed_sealed'),
    commitment: text('commitment').notNull(),
    /** The client seed rounds use now (each round keeps its own copy); null while NEXT. */
    clientSeed: text('client_seed'),
    /** True once the player (the web: a random one from the browser) set the client seed; false for the server's default. */
    isClientSeedChosen: boolean('is_client_seed_chosen').notNull().default(false),
    nextNonce: integer('next_nonce').notNull().default(0),
    status: text('status').notNull().default('ACTIVE'),
    /** When the seed was committed (NEXT or, for the first pair, ACTIVE). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('fairness_seeds_one_active').on(table.memberId, table.family).where(sql`status = 'ACTIVE'`),
    uniqueIndex('fairness_seeds_one_next').on(table.memberId, table.family).where(sql`status = 'NEXT'`),
    // Only rows written before sealing (or by an older node during a rolling upgrade): the seal job's work list.
    index('fairness_seeds_plain_secret').on(table.id).where(sql`server_seed_hex IS NOT NULL AND status <> 'REVEALED'`),
    check('fairness_seeds_status', sql`status in ('NEXT', 'ACTIVE', 'REVEALED')`),
    check('fairness_seeds_seed_kept', sql`server_seed_hex IS NOT NULL OR server_seed_sealed IS NOT NULL`),
    check('fairness_seeds_client_seed', sql`status = 'NEXT' OR client_seed IS NOT NULL`),
  ],
);

/**
 * One paid slot spin with its whole free-spin feature, written in the same transaction as the
 * bet and payout transfers: the row exists if and only if the money moved.
 */
export const slotRounds = pgTable(
  'slot_rounds',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    memberId: integerRef('member_id', () => members.id),
    titleId: text('title_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    seedId: bigintRef('seed_id', () => fairnessSeeds.id),
    nonce: integer('nonce').notNull(),
    /** The client seed the round was played with (a player may change it without a new server seed); null on rounds from before. */
    clientSeed: text('client_seed'),
    totalBetMinor: money('total_bet_minor'),
    totalPayoutMinor: money('total_payout_minor'),
    isCapped: boolean('is_capped').notNull(),
    isTrial: boolean('is_trial').notNull(),
    currency: text('currency').notNull(),
    freeSpinCount: integer('free_spin_count').notNull(),
    /** The presented SpinResult (reels, stops, wins, free spins), money as decimal strings. */
    outcome: jsonb('outcome').notNull(),
    betTransferId: bigint('bet_transfer_id', { mode: 'number' }),
    payoutTransferId: bigint('payout_transfer_id', { mode: 'number' }),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('slot_rounds_member_key').on(table.memberId, table.idempotencyKey),
    unique('slot_rounds_seed_nonce').on(table.seedId, table.nonce),
    index('slot_rounds_member_played').on(table.memberId, table.id),
  ],
);

/**
 * One scheduled draw of a lottery game. The seed is generated and its commitment stored when the
 * row is created, before opensAt, and kept sealed (seed-vault.ts) until the issue is DRAWN (or
 * CANCELLED), when it is published in `server_seed_hex`. At the cutoff the issue is CLOSED with
 * the SHA-256 of its closed ticket set (`ticket_set_hash`), which the draw's client seed
 * includes: the result depends on every accepted ticket, so nobody can compute it before
 * betting closes, even with the seed (issue 11, finding 5; docs/fairness/lottery.md).
 */
export const lotteryIssues = pgTable(
  'lottery_issues',
  {
    id: bigserialId(),
    gameCode: text('game_code').notNull(),
    kind: text('kind').notNull(),
    issueNo: text('issue_no').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    cutoffAt: timestamp('cutoff_at', { withTimezone: true }).notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    /** The seed in clear: only once DRAWN or CANCELLED (or an issue from before sealing). */
    serverSeedHex: text('server_seed_hex'),
    /** The sealed seed (seed-vault.ts) while it is secret. */
    serverSeedSealed: text('server_seed_sealed'),
    commitment: text('commitment').notNull(),
    status: text('status').notNull().default('OPEN'),
    /** SHA-256 (hex) of the canonical list of the issue's tickets, fixed when betting closed; null while open and on issues drawn before. */
    ticketSetHash: text('ticket_set_hash'),
    /** How many tickets that hash covers (settlement refuses to draw if the tickets changed since). */
    ticketSetCount: integer('ticket_set_count'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    result: jsonb('result'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ticketCount: integer('ticket_count').notNull().default(0),
    winnerCount: integer('winner_count').notNull().default(0),
    payoutTotalMinor: money('payout_total_minor').default(sql`0`),
  },
  (table) => [
    unique('lottery_issues_game_issue').on(table.gameCode, table.issueNo),
    index('lottery_issues_status_draw').on(table.status, table.drawAt),
    // Only issues written before sealing (or by an older node): the seal job's work list.
    index('lottery_issues_plain_secret').on(table.id).where(sql`server_seed_hex IS NOT NULL AND status IN ('OPEN', 'CLOSED')`),
    check('lottery_issues_status', sql`status in ('OPEN', 'CLOSED', 'DRAWN', 'CANCELLED')`),
    check('lottery_issues_seed_kept', sql`server_seed_hex IS NOT NULL OR server_seed_sealed IS NOT NULL`),
  ],
);

/** The winning (bet type, selection, hits) rows of a drawn issue: settlement joins tickets against them. */
export const lotteryDrawWinners = pgTable(
  'lottery_draw_winners',
  {
    issueId: bigintRef('issue_id', () => lotteryIssues.id),
    betType: text('bet_type').notNull(),
    selection: text('selection').notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [unique('lottery_draw_winners_row').on(table.issueId, table.betType, table.selection)],
);

/**
 * One ticket, never updated after purchase. Odds and both ledger accounts are fixed at
 * purchase, so settlement is one join and one set of transfers without looking anything else
 * up; its outcome lives in the issue and lottery_ticket_wins.
 */
export const lotteryTickets = pgTable(
  'lottery_tickets',
  {
    id: bigserialId(),
    issueId: bigintRef('issue_id', () => lotteryIssues.id),
    merchantId: merchantRef(),
    memberId: integerRef('member_id', () => members.id),
    slipKey: text('slip_key').notNull(),
    lineNo: integer('line_no').notNull(),
    betType: text('bet_type').notNull(),
    selection: text('selection').notNull(),
    oddsTable: text('odds_table').notNull(),
    oddsScaled: wholeBigint('odds_scaled'),
    amountMinor: money('amount_minor'),
    isTrial: boolean('is_trial').notNull(),
    currency: text('currency').notNull(),
    /** The member's account the stake came from and a payout goes to. */
    memberAccountId: bigint('member_account_id', { mode: 'number' }).notNull(),
    /** HOUSE (or TRIAL_ISSUER for play money) of the ticket's merchant. */
    houseAccountId: bigint('house_account_id', { mode: 'number' }).notNull(),
    betTransferId: bigint('bet_transfer_id', { mode: 'number' }),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('lottery_tickets_slip_line').on(table.memberId, table.slipKey, table.lineNo),
    index('lottery_tickets_issue').on(table.issueId),
    index('lottery_tickets_member').on(table.memberId, table.id),
    check('lottery_tickets_amount', sql`amount_minor > 0`),
  ],
);

/**
 * The winning tickets of a drawn issue, written once by settlement (INSERT ... SELECT): the
 * ticket's own payout and the payout transfer of its member account for that draw (one
 * transfer per draw and account, docs/house-games.md). A ticket row never changes after it is
 * placed; its outcome is its issue's status plus this row: DRAWN with a row is won, DRAWN
 * without one is lost, CANCELLED is void, anything else pending. Losers get no row, so settling
 * a draw writes in proportion to its winners, not its tickets. No foreign keys on purpose: the
 * rows come from the tickets themselves in the settling transaction, and a per-row foreign key
 * check would cost as much as the insert.
 */
export const lotteryTicketWins = pgTable(
  'lottery_ticket_wins',
  {
    ticketId: bigint('ticket_id', { mode: 'number' }).primaryKey(),
    payoutMinor: money('payout_minor'),
    /** Null only for a win that rounds to nothing (no money moved). */
    payoutTransferId: bigint('payout_transfer_id', { mode: 'number' }),
  },
  (_table) => [check('lottery_ticket_wins_payout', sql`payout_minor >= 0`)],
);
