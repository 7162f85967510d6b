import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, gameRef, integerRef, merchantRef, serialId, updatedAt } from './columns';
import type { LocalizedText } from './system';

const CATEGORY_CHECK = `('RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT', 'BGS')`;
const STATUS_CHECK = `('ACTIVE', 'MAINTENANCE', 'DISABLED')`;

/** A game provider ("vassalage"). The code is the spec's vassalage value (AG, CQ9, KISMAT ...). */
export const vendors = pgTable(
  'vendors',
  {
    id: serialId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    logoUrl: text('logo_url').notNull(),
    /** ACTIVE; MAINTENANCE shows the vendor greyed out; DISABLED hides it everywhere. */
    status: text('status').notNull().default('ACTIVE'),
    maintenanceEnd: timestamp('maintenance_end', { withTimezone: true }),
    /** True for the platform's own games (the BGS category, the in-house lottery). */
    isHouse: boolean('is_house').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('vendors_code_unique').on(table.code), check('vendors_status', sql.raw(`status in ${STATUS_CHECK}`))],
);

/**
 * A vendor's presence in one game category (a "lane"): AG is in LIVE, FISH and RNG, each with
 * its own menu type, launch mode and order.
 */
export const vendorCategories = pgTable(
  'vendor_categories',
  {
    id: serialId(),
    vendorId: integerRef('vendor_id', () => vendors.id),
    category: text('category').notNull(),
    /** The tile kind; the immediate-game button is hidden for RNG. */
    vendorType: text('vendor_type').notNull(),
    /** VASSALAGE opens the vendor's game list; GAME launches the vendor lobby at once. */
    isGame: text('is_game').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [
    // A constraint, not just an index, so games can reference (vendor_id, category).
    unique('vendor_categories_vendor_category_unique').on(table.vendorId, table.category),
    index('vendor_categories_category_idx').on(table.category, table.sort),
    check('vendor_categories_category', sql.raw(`category in ${CATEGORY_CHECK}`)),
    check('vendor_categories_is_game', sql.raw(`is_game in ('VASSALAGE', 'GAME')`)),
  ],
);

/** Which vendor lanes a merchant offers; absent or disabled lanes are not shown. */
export const merchantVendorCategories = pgTable(
  'merchant_vendor_categories',
  {
    merchantId: merchantRef(),
    vendorCategoryId: integerRef('vendor_category_id', () => vendorCategories.id),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** The merchant's own order; null keeps the lane's default order. */
    sort: integer('sort'),
    /** This merchant's maintenance of the lane (the vendor stays listed, greyed; launches are refused). */
    isMaintenance: boolean('is_maintenance').notNull().default(false),
    /** The planned end of that maintenance; null means until switched off. */
    maintenanceEnd: timestamp('maintenance_end', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.vendorCategoryId] })],
);

/** A game. Its id is the spec's nodeId (favourites and recent games refer to it). */
export const games = pgTable(
  'games',
  {
    id: serialId(),
    vendorId: integer('vendor_id').notNull(),
    /** The spec's gameType: the category the game is listed under. */
    category: text('category').notNull(),
    /** The vendor's own game code, unique per vendor; launches use it. */
    gameCode: text('game_code').notNull(),
    gameName: text('game_name').notNull(),
    /** Translated names where the vendor provides them; gameName otherwise. */
    displayNames: jsonb('display_names').$type<LocalizedText>().notNull().default(sql`'{}'::jsonb`),
    iconUrl: text('icon_url').notNull(),
    /** The spec's lagerIcon: wide tile art. */
    largeIconUrl: text('large_icon_url').notNull(),
    isHot: boolean('is_hot').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    status: text('status').notNull().default('ACTIVE'),
    supportsFreePlay: boolean('supports_free_play').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('games_vendor_code_unique').on(table.vendorId, table.gameCode),
    index('games_category_sort_idx').on(table.category, table.sort),
    index('games_vendor_category_idx').on(table.vendorId, table.category),
    // A game is listed only in a category its vendor is in.
    foreignKey({ columns: [table.vendorId, table.category], foreignColumns: [vendorCategories.vendorId, vendorCategories.category] }),
    check('games_status', sql.raw(`status in ${STATUS_CHECK}`)),
  ],
);

/**
 * A merchant's choices for one game, set by operators: off (hidden everywhere), maintenance
 * (listed, launch refused), and overrides of the catalogue's hot and new flags and order (null
 * keeps the catalogue's value). No row means the catalogue's defaults.
 */
export const merchantGames = pgTable(
  'merchant_games',
  {
    merchantId: merchantRef(),
    gameId: gameRef(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    isMaintenance: boolean('is_maintenance').notNull().default(false),
    maintenanceEnd: timestamp('maintenance_end', { withTimezone: true }),
    isHot: boolean('is_hot'),
    isNew: boolean('is_new'),
    sort: integer('sort'),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.gameId] })],
);
