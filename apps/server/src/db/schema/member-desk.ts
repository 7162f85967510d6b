import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { createdAt, memberRef, memberRowColumns, merchantRef } from './columns';
import { operators } from './operators';

/**
 * Where a member logged in from: one row per (IP, browser), with first and last seen, written at
 * every login (modules/member). The back office's devices tab and linked accounts read it.
 */
export const memberSightings = pgTable(
  'member_sightings',
  {
    memberId: memberRef(),
    merchantId: merchantRef(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    logins: integer('logins').notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.ip, table.userAgent] }),
    index('member_sightings_ip').on(table.merchantId, table.ip),
  ],
);

/**
 * The devices a member logged in from: the id the web keeps in local storage (X-Device-Id), one
 * row per member and device, written at every login (modules/member). The same id on two accounts
 * is one phone or browser whatever IP each used: linked accounts and the risk rules read it.
 */
export const memberDevices = pgTable(
  'member_devices',
  {
    memberId: memberRef(),
    merchantId: merchantRef(),
    deviceId: text('device_id').notNull(),
    logins: integer('logins').notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'member_devices_pk', columns: [table.memberId, table.deviceId] }),
    index('member_devices_device').on(table.merchantId, table.deviceId),
  ],
);

/** Operators' notes on a member (append-only: a note is corrected by another note). */
export const memberDeskNotes = pgTable(
  'member_desk_notes',
  {
    ...memberRowColumns(),
    operatorId: integer('operator_id').references(() => operators.id),
    operatorName: text('operator_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('member_desk_notes_member').on(table.memberId, table.id)],
);

/** Accounts the operator marked as testers (house staff checking the site): reports leave them out. */
export const memberDeskTesters = pgTable('member_desk_testers', {
  memberId: bigint('member_id', { mode: 'number' })
    .primaryKey()
    .references(() => members.id),
  merchantId: merchantRef(),
  markedBy: text('marked_by').notNull(),
  reason: text('reason').notNull(),
  markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
});
