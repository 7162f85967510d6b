import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, merchantRef, serialId, updatedAt } from './columns';

/*
 * Game aggregators (issue 21): one row per aggregator contract of a merchant. Each speaks one
 * published seamless-wallet protocol (`protocol`), answered by its adapter under
 * modules/aggregators/<protocol>/. Secrets never live here in clear: `secret_env` names the
 * environment variable holding our private key or API token; `inbound_key` is the aggregator's
 * PUBLIC key (PEM) or its public identifier, safe to show to operators.
 */
export const aggregatorIntegrations = pgTable(
  'aggregator_integrations',
  {
    id: serialId(),
    merchantId: merchantRef(),
    /** Our code for the contract, e.g. HUB88, EVOLUTION. */
    code: text('code').notNull(),
    /** Which adapter answers it: 'hub88' | 'evolution'. */
    protocol: text('protocol').notNull(),
    name: text('name').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(false),
    /** The aggregator's API base URL (game list, game URL, reports). */
    baseUrl: text('base_url').notNull(),
    /** Our identifier at the aggregator (Hub88 operator_id, Evolution casino key). */
    operatorRef: text('operator_ref').notNull(),
    /** The aggregator's public verification key (PEM) or public identifier; never a secret. */
    inboundKey: text('inbound_key').notNull().default(''),
    /** Name of the environment variable holding our secret (private key PEM or API token). */
    secretEnv: text('secret_env').notNull(),
    /** Our currency -> the aggregator's currency code, e.g. {"BDT":"BDT","KES":"KES"}. */
    currencyMap: jsonb('currency_map').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** Studios (the aggregator's supplier codes) whose games we list; empty = none. */
    enabledStudios: text('enabled_studios').array().notNull().default(sql`'{}'::text[]`),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('aggregator_integrations_merchant_code').on(table.merchantId, table.code),
    check('aggregator_integrations_protocol_check', sql`${table.protocol} in ('hub88', 'evolution')`),
  ],
);
