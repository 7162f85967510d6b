import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, memberRowColumns, merchantRef } from './columns';

/*
 * Risk (issue 19): what the risk rules flagged and what an operator decided. One row per
 * (member, rule, evidence): a rule that finds the same evidence again writes nothing. An OPEN
 * flag holds the member's withdrawals for review (modules/risk, docs/risk.md).
 */
export const riskFlags = pgTable(
  'risk_flags',
  {
    ...memberRowColumns(),
    rule: text('rule').notNull(),
    /** What makes this flag unique for its member and rule: the shared IP, the withdrawal id ... */
    evidenceKey: text('evidence_key').notNull(),
    severity: text('severity').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    status: text('status').notNull().default('OPEN'),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    reviewNote: text('review_note'),
  },
  (table) => [
    uniqueIndex('risk_flags_evidence_unique').on(table.merchantId, table.memberId, table.rule, table.evidenceKey),
    index('risk_flags_queue').on(table.merchantId, table.status, table.id),
    index('risk_flags_open_member').on(table.memberId).where(sql`${table.status} = 'OPEN'`),
    check(
      'risk_flags_rule_check',
      sql`${table.rule} in ('SHARED_DEVICE', 'SHARED_IP', 'SHARED_BANK_ACCOUNT', 'SHARED_PHONE', 'MANY_ACCOUNTS_ONE_IP', 'DEPOSIT_WITHDRAW_LOW_PLAY', 'BOTH_SIDES')`,
    ),
    check('risk_flags_severity_check', sql`${table.severity} in ('LOW', 'MEDIUM', 'HIGH')`),
    check('risk_flags_status_check', sql`${table.status} in ('OPEN', 'CONFIRMED', 'DISMISSED')`),
  ],
);

/** How far each rule has scanned, per merchant (the job's watermark). */
export const riskScanMarks = pgTable(
  'risk_scan_marks',
  {
    merchantId: merchantRef(),
    rule: text('rule').notNull(),
    scannedTo: timestamp('scanned_to', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ name: 'risk_scan_marks_pk', columns: [table.merchantId, table.rule] })],
);
