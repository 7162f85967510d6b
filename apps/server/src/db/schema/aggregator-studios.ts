import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { aggregatorIntegrations } from './aggregators';
import { vendors } from './catalogue';
import { integerRef } from './columns';

/*
 * The studios (suppliers) an aggregator contract brings (issue 21): each is a vendor in our
 * catalogue (code `<integration code>_<studio code>`, e.g. HUB88_EVOLUTION). Written by the
 * catalogue sync (modules/aggregators/sync-aggregator-catalogue.ts); a launch of a game of such
 * a vendor finds its contract here and asks the aggregator for the game URL.
 */
export const aggregatorStudios = pgTable(
  'aggregator_studios',
  {
    integrationId: integerRef('integration_id', () => aggregatorIntegrations.id),
    /** The aggregator's studio code (Hub88 product as a code). */
    studioCode: text('studio_code').notNull(),
    studioName: text('studio_name').notNull(),
    vendorId: integerRef('vendor_id', () => vendors.id),
    /** Games of the studio the last sync saw offered. */
    gameCount: integer('game_count').notNull().default(0),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.integrationId, table.studioCode] }), index('aggregator_studios_vendor').on(table.vendorId)],
);
