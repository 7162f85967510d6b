import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigserialId, createdAt, idempotencyColumns, integerRef, loginFailureColumns, memberRowColumns, money, serialId } from './columns';
import { merchants } from './merchants';

export type OperatorRole = 'admin' | 'finance' | 'support';
export type OperatorStatus = 'ACTIVE' | 'DISABLED';

/** Back-office accounts: separate from members, with a role and an optional merchant scope. */
export const operators = pgTable(
  'operators',
  {
    id: serialId(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<OperatorRole>().notNull(),
    status: text('status').$type<OperatorStatus>().notNull().default('ACTIVE'),
    /** Null: every merchant. Otherwise the one merchant this operator may act on. */
    merchantId: integer('merchant_id').references(() => merchants.id),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Base32 RFC 6238 secret; the second factor is on once `totp_enabled_at` is set (required for admin and finance). */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last accepted 30-second step: a code works once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Null: any address. Otherwise the only IPs this operator may log in and call from. */
    allowedIps: text('allowed_ips').array(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('operators_username_idx').on(sql`lower(${table.username})`)],
);

/**
 * Failed operator logins per typed username, per (username, IP) and per IP: the same throttle
 * as members (captcha, then growing waits per source), instead of a lock anyone knowing a
 * username could trigger. Operators are not scoped by merchant, hence a table of their own.
 */
export const operatorLoginFailures = pgTable(
  'operator_login_failures',
  {
    ...loginFailureColumns(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);

/** Operator sessions: an opaque 256-bit token, stored only as its SHA-256, with a hard expiry. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigserialId(),
    operatorId: integerRef('operator_id', () => operators.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Last call: a session idle longer than OPERATOR_IDLE_MINUTES ends. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Password accepted, TOTP code not yet: only the second-factor and enrolment calls work. */
    isSecondFactorPending: boolean('is_second_factor_pending').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('operator_sessions_token_idx').on(table.tokenHash), index('operator_sessions_operator_idx').on(table.operatorId)],
);

/**
 * What operators did: one row per action (approve, reject, adjust, settings, login, logout),
 * written in the action's transaction where the action owns one. Append-only.
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: bigserialId(),
    /** Null for the bootstrap token (operatorName 'root') and for failed logins of unknown names. */
    operatorId: integer('operator_id').references(() => operators.id),
    operatorName: text('operator_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    merchantId: integer('merchant_id').references(() => merchants.id),
    memberId: bigint('member_id', { mode: 'number' }),
    reason: text('reason'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    ip: text('ip'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('operator_audit_created_idx').on(table.createdAt),
    index('operator_audit_action_idx').on(table.action, table.createdAt),
    index('operator_audit_target_idx').on(table.targetType, table.targetId),
  ],
);

/** Manual balance adjustments: the business row the ledger transfer references, keyed for retries. */
export const operatorAdjustments = pgTable(
  'operator_adjustments',
  {
    ...memberRowColumns(),
    account: text('account').$type<'cash' | 'bonus'>().notNull(),
    amount: money('amount'),
    reason: text('reason').notNull(),
    ...idempotencyColumns(),
    operatorId: integer('operator_id').references(() => operators.id),
    operatorName: text('operator_name').notNull(),
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('operator_adjustments_key_idx').on(table.merchantId, table.idempotencyKey),
    index('operator_adjustments_member_idx').on(table.memberId, table.createdAt),
  ],
);
