import { type AnyPgColumn, bigint, bigserial, integer, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { games } from './catalogue';
import { merchants } from './merchants';

/*
 * Column groups many tables share. Function declarations (not arrow constants) on purpose: the
 * schema files import each other in a cycle, and hoisted functions are ready before any table
 * is built; the references stay lazy (`() => merchants.id`).
 */

/** A 64-bit identity key for tables that grow with play and money. */
export function bigserialId() {
  return bigserial('id', { mode: 'number' }).primaryKey();
}

/** A 32-bit identity key for small configuration tables. */
export function serialId() {
  return serial('id').primaryKey();
}

/** When the row was written. */
export function createdAt() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}

/** When the row last changed. */
export function updatedAt() {
  return timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
}

/** The merchant that owns the row. */
export function merchantRef(name = 'merchant_id') {
  return integer(name)
    .notNull()
    .references(() => merchants.id);
}

/** A member the row belongs to (or names, under another column name). */
export function memberRef(name = 'member_id') {
  return bigint(name, { mode: 'number' })
    .notNull()
    .references(() => members.id);
}

/** A required 32-bit reference to another table's key (`() => table.id`). */
export function integerRef(name: string, target: () => AnyPgColumn) {
  return integer(name).notNull().references(target);
}

/** A required 64-bit reference to another table's key (`() => table.id`), read as a number. */
export function bigintRef(name: string, target: () => AnyPgColumn) {
  return bigint(name, { mode: 'number' }).notNull().references(target);
}

/** An amount of money in integer minor units. */
export function money(name: string) {
  return wholeBigint(name);
}

/** A 64-bit whole number read as a bigint that is not money: points, scores, targets, scaled odds. */
export function wholeBigint(name: string) {
  return bigint(name, { mode: 'bigint' }).notNull();
}

/** A catalogue game the row is about. */
export function gameRef() {
  return integer('game_id')
    .notNull()
    .references(() => games.id);
}

/** The client's key and a hash of what it asked: a retry returns the first result, other content under the same key is refused. */
export function idempotencyColumns() {
  return { idempotencyKey: text('idempotency_key').notNull(), requestHash: text('request_hash').notNull() };
}

/** A request an operator resolves: who reviewed it and why, when it came and when it was resolved. */
export function reviewColumns() {
  return {
    reviewNote: text('review_note'),
    reviewedBy: text('reviewed_by'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  };
}

/** One login-throttle counter (platform/login-throttle.ts): per account name, per (name, IP) or per IP, members' and operators' alike. */
export function loginFailureColumns() {
  return {
    scope: text('scope').$type<'ACCOUNT' | 'ACCOUNT_IP' | 'IP'>().notNull(),
    key: text('key').notNull(),
    failures: integer('failures').notNull().default(0),
    firstFailureAt: timestamp('first_failure_at', { withTimezone: true }).notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  };
}

/** The columns a row of one member opens with: its 64-bit id, the member's merchant and the member. */
export function memberRowColumns() {
  return { id: bigserialId(), merchantId: merchantRef(), memberId: memberRef() };
}
