import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, merchantRef, serialId, updatedAt } from './columns';

/** A merchant is one white-label site: it owns members, flags, rules, banners and catalogue choices. */
export const merchants = pgTable('merchants', {
  id: serialId(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  currency: text('currency').notNull().default('BDT'),
  currencySymbol: text('currency_symbol').notNull().default('৳'),
  defaultLanguage: text('default_language').notNull().default('BN'),
  /** GMT offset in minutes shown by the agent centre and used for business-day boundaries. */
  utcOffsetMinutes: integer('utc_offset_minutes').notNull().default(360),
  mainDomain: text('main_domain').notNull().default('localhost'),
  /** The whitelabel module tree: [{ modId, enabled: '1' | '0', children? }]. Feature flags are modIds. */
  whitelabel: jsonb('whitelabel').$type<WhitelabelModule[]>().notNull().default(sql`'[]'::jsonb`),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  isMaintenance: boolean('is_maintenance').notNull().default(false),
  maintenanceEnd: timestamp('maintenance_end', { withTimezone: true }),
  /** ISO 3166 alpha-2 codes whose visitors are refused. */
  blockedCountries: text('blocked_countries').array().notNull().default(sql`'{}'::text[]`),
  /** IPs or CIDRs always admitted (checked before every block rule). */
  ipAllowList: text('ip_allow_list').array().notNull().default(sql`'{}'::text[]`),
  /** IPs or CIDRs always refused. */
  ipBlockList: text('ip_block_list').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type WhitelabelModule = { modId: string; enabled: '1' | '0'; name?: string; children?: WhitelabelModule[] };

/** Domains that resolve to a merchant (the "domain route"). */
export const merchantDomains = pgTable(
  'merchant_domains',
  {
    id: serialId(),
    merchantId: merchantRef(),
    domain: text('domain').notNull(),
    /** What the domain is for: 'member' (site), 'agent' (opens /agent), 'api', 'cdn-image', 'cdn-game'. */
    purpose: text('purpose').notNull().default('member'),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (table) => [uniqueIndex('merchant_domains_domain_unique').on(table.domain)],
);
