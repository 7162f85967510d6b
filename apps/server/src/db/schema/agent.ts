import type { BillStatus, ContractBasis, ContractPeriod, ContractStatus, ContractType, TerminationReason } from '@kismat/contracts/agent';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { bigserialId, createdAt, memberRef, merchantRef } from './columns';

/*
 * The agent programme (docs/agent-contracts.md): contracts between an upline (or the platform)
 * and a direct downline, their per-period bills, invitation links and agent announcements.
 * Money is bigint minor units; rates are basis points.
 */

const money = (name: string) => bigint(name, { mode: 'bigint' }).notNull().default(sql`0`);

/** One tier as stored: amounts are minor units written as decimal strings (jsonb has no bigint). */
export interface StoredTier {
  minValidBet: string;
  minActiveMembers: number;
  rateBps: number | null;
  fixedAmount: string | null;
}

/**
 * A contract: offered by `offerer_id` (null = the platform) to its direct downline `member_id`.
 * At most one ACTIVE and one PENDING contract per member and type (partial unique indexes), so
 * "the member's dividend contract" is always one row.
 */
export const agentContracts = pgTable(
  'agent_contracts',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    type: text('type').$type<ContractType>().notNull(),
    status: text('status').$type<ContractStatus>().notNull().default('PENDING'),
    terminationReason: text('termination_reason').$type<TerminationReason>(),
    offererId: bigint('offerer_id', { mode: 'number' }).references(() => members.id),
    memberId: memberRef(),
    period: text('period').$type<ContractPeriod>().notNull(),
    basis: text('basis').$type<ContractBasis>().notNull(),
    activeMemberMinBet: money('active_member_min_bet'),
    tiers: jsonb('tiers').$type<StoredTier[]>().notNull(),
    /** Highest tier rate (bp), null for fixed-amount contracts; lists and quick checks read it. */
    maxRateBps: integer('max_rate_bps'),
    /** The contract that replaced this one (REPLACED) or the invitation link that offered it. */
    replacedById: bigint('replaced_by_id', { mode: 'number' }).references((): AnyPgColumn => agentContracts.id),
    invitationId: bigint('invitation_id', { mode: 'number' }),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** When it became ACTIVE; performance before this moment is never billed under it. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('agent_contracts_one_active').on(table.memberId, table.type).where(sql`${table.status} = 'ACTIVE'`),
    uniqueIndex('agent_contracts_one_pending').on(table.memberId, table.type).where(sql`${table.status} = 'PENDING'`),
    index('agent_contracts_member_idx').on(table.memberId, table.type, table.offeredAt),
    index('agent_contracts_offerer_idx').on(table.offererId, table.type, table.status),
    index('agent_contracts_merchant_type_status_idx').on(table.merchantId, table.type, table.status),
    check('agent_contracts_type', sql`${table.type} IN ('DIVIDEND', 'DAILY_SALARY', 'HOURLY_SALARY', 'REALTIME_SALARY')`),
    check('agent_contracts_status', sql`${table.status} IN ('PENDING', 'ACTIVE', 'REJECTED', 'TERMINATED', 'REPLACED', 'WITHDRAWN')`),
    check('agent_contracts_not_self', sql`${table.offererId} IS NULL OR ${table.offererId} <> ${table.memberId}`),
    check('agent_contracts_min_bet', sql`${table.activeMemberMinBet} >= 0`),
  ],
);

/**
 * One settlement of one contract for one period. The unique (contract, period) key is the
 * claim: concurrent runs of the same period insert once, the loser skips. The ledger transfer
 * carries the idempotency key `agent-bill:<contract>:<period>` as a second guard.
 */
export const agentContractBills = pgTable(
  'agent_contract_bills',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => agentContracts.id),
    type: text('type').$type<ContractType>().notNull(),
    periodKey: text('period_key').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    payeeId: memberRef('payee_id'),
    /** Null: the platform paid (AGENT_COMMISSION_COST). */
    payerId: bigint('payer_id', { mode: 'number' }).references(() => members.id),
    validBet: money('valid_bet'),
    netLoss: money('net_loss'),
    activeMembers: integer('active_members').notNull().default(0),
    tierIndex: smallint('tier_index'),
    rateBps: integer('rate_bps'),
    carryIn: money('carry_in'),
    carryOut: money('carry_out'),
    amountDue: money('amount_due'),
    amountPaid: money('amount_paid'),
    status: text('status').$type<BillStatus>().notNull(),
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('agent_contract_bills_period_unique').on(table.contractId, table.periodKey),
    index('agent_contract_bills_payee_idx').on(table.payeeId, table.type, table.periodStart),
    index('agent_contract_bills_payer_idx').on(table.payerId, table.type, table.periodStart),
    index('agent_contract_bills_merchant_idx').on(table.merchantId, table.type, table.periodStart),
    // What uplines still owe: the settlement job pays these remainders on every run.
    index('agent_contract_bills_outstanding_idx')
      .on(table.merchantId, table.type, table.periodStart)
      .where(sql`${table.status} IN ('PARTIAL', 'UNPAID')`),
    check('agent_contract_bills_status', sql`${table.status} IN ('PAID', 'PARTIAL', 'UNPAID', 'NIL')`),
    check(
      'agent_contract_bills_amounts',
      sql`${table.amountDue} >= 0 AND ${table.amountPaid} >= 0 AND ${table.amountPaid} <= ${table.amountDue}`,
    ),
  ],
);

/**
 * An agent's invitation link: a code typed (or carried in the link) at registration, the type
 * of account it creates and an optional default contract offered to everyone it brings in.
 */
export const agentInvitations = pgTable(
  'agent_invitations',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    agentId: memberRef('agent_id'),
    code: text('code').notNull(),
    memberType: smallint('member_type').notNull().default(0),
    label: text('label'),
    isActive: boolean('is_active').notNull().default(true),
    /** { type, terms } with terms stored like agent_contracts (period, basis, min bet, tiers). */
    defaultContract: jsonb('default_contract').$type<{
      type: ContractType;
      period: ContractPeriod;
      basis: ContractBasis;
      activeMemberMinBet: string;
      tiers: StoredTier[];
    }>(),
    registrations: integer('registrations').notNull().default(0),
    createdAt: createdAt(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('agent_invitations_code_unique').on(table.merchantId, table.code),
    index('agent_invitations_agent_idx').on(table.agentId, table.createdAt),
  ],
);

/** Announcements shown only in the agent centre (the member announcement table has no agent audience). */
export const agentAnnouncements = pgTable(
  'agent_announcements',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [index('agent_announcements_merchant_idx').on(table.merchantId, table.publishedAt)],
);

export type AgentContractRow = typeof agentContracts.$inferSelect;
export type AgentBillRow = typeof agentContractBills.$inferSelect;
export type AgentInvitationRow = typeof agentInvitations.$inferSelect;

/**
 * Agent report rollups (issue 16 item 4), kept by the agent's fact engine (modules/agent
 * team-rollups.ts) from the same settled-round and deposit facts the loyalty engines consume, and
 * the approved-withdrawal facts (0058), exactly once (the consumer's transaction). Bucketed by UTC
 * hour of the fact (settlement time for rounds, credit time for deposits, resolution time for
 * withdrawals), so any period on whole hours (the merchant's local days) is a sum of buckets.
 * `game_type` is '' on deposit and withdrawal rows.
 *
 * One member's own play per hour and game type; `max_bet` (its largest single round) tells
 * whether it was an active member under a minimum bet.
 */
export const agentMemberPlayHours = pgTable(
  'agent_member_play_hours',
  {
    memberId: memberRef(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    gameType: text('game_type').notNull(),
    validBet: money('valid_bet'),
    payout: money('payout'),
    rounds: integer('rounds').notNull().default(0),
    maxBet: money('max_bet'),
    deposits: money('deposits'),
    depositCount: integer('deposit_count').notNull().default(0),
    withdrawals: money('withdrawals'),
    withdrawalCount: integer('withdrawal_count').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.hour, table.gameType] }),
    // Active members of a team in a period: one index-only probe per member (largest round per hour).
    index('agent_member_play_hours_active').on(table.memberId, table.hour, table.maxBet).where(sql`${table.gameType} <> ''`),
  ],
);

/** A team's play per hour and game type: the member itself and everyone below it (closure rows of depth >= 0). */
export const agentTeamPlayHours = pgTable(
  'agent_team_play_hours',
  {
    ancestorId: memberRef('ancestor_id'),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    gameType: text('game_type').notNull(),
    validBet: money('valid_bet'),
    payout: money('payout'),
    rounds: integer('rounds').notNull().default(0),
    deposits: money('deposits'),
    depositCount: integer('deposit_count').notNull().default(0),
    withdrawals: money('withdrawals'),
    withdrawalCount: integer('withdrawal_count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.ancestorId, table.hour, table.gameType] })],
);

/*
 * Active members of a team per merchant-local day (issue 16 item 4): a distinct count is not a sum
 * of hours, so each member's active days are kept (agent_member_active_days) and, per team, how
 * many members became active on a day counted by the member's previous active day. The members
 * active in [from, to) (local midnights) are then the rows with a day in the period whose previous
 * day is before it: each member counted once, on its first active day in the period, from a few
 * hundred rows per team whatever its size. `prev_day_start` is -infinity for a first active day.
 */
export const agentMemberActiveDays = pgTable(
  'agent_member_active_days',
  {
    memberId: memberRef(),
    dayStart: timestamp('day_start', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.dayStart] })],
);

/** Per team (closure rows of depth >= 1: the members below the ancestor): members active on a day, by their previous active day. */
export const agentTeamActiveDays = pgTable(
  'agent_team_active_days',
  {
    ancestorId: memberRef('ancestor_id'),
    dayStart: timestamp('day_start', { withTimezone: true }).notNull(),
    prevDayStart: timestamp('prev_day_start', { withTimezone: true }).notNull(),
    members: integer('members').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.ancestorId, table.dayStart, table.prevDayStart] })],
);

/**
 * Per team (closure rows of depth >= 1): its members by registration hour (UTC), direct or not,
 * agent or not. Kept by triggers on member_tree and members (migration 0056), not by code.
 */
export const agentTeamHeadcountHours = pgTable(
  'agent_team_headcount_hours',
  {
    ancestorId: bigint('ancestor_id', { mode: 'number' }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    isDirect: boolean('is_direct').notNull(),
    isAgent: boolean('is_agent').notNull(),
    members: integer('members').notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'agent_team_headcount_hours_pk', columns: [table.ancestorId, table.hour, table.isDirect, table.isAgent] }),
  ],
);
