import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, integerRef, merchantRef, serialId } from './columns';

/** Text in each interface language; a missing language falls back when presented. */
export type LocalizedText = { BN?: string; EN?: string; SW?: string };

const localized = (name: string) => jsonb(name).$type<LocalizedText>().notNull().default(sql`'{}'::jsonb`);

/** Per-merchant registration field rules (spec section 5): what the form shows and accepts. */
export const registrationRules = pgTable(
  'registration_rules',
  {
    id: serialId(),
    merchantId: merchantRef(),
    field: text('field').notNull(),
    /** A `u`-flag regular-expression source, or '*' for match-all. */
    acceptedPattern: text('accepted_pattern').notNull(),
    minLength: integer('min_length').notNull(),
    maxLength: integer('max_length').notNull(),
    patternId: text('pattern_id').notNull(),
    isShown: boolean('is_shown').notNull().default(true),
    isRequired: boolean('is_required').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [
    uniqueIndex('registration_rules_merchant_field_unique').on(table.merchantId, table.field),
    check('registration_rules_lengths', sql`${table.minLength} >= 0 and ${table.maxLength} >= ${table.minLength}`),
  ],
);

/** Countries for the dialing-code select and region rules (ISO 3166-1 alpha-2). */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  names: localized('names'),
  /** With the plus sign: "+880". */
  dialingCode: text('dialing_code').notNull(),
  /** Digits of a national mobile number without the trunk prefix (Bangladesh 10: 1XXXXXXXXX). */
  phoneDigits: integer('phone_digits').notNull(),
  sort: integer('sort').notNull().default(100),
  isActive: boolean('is_active').notNull().default(true),
});

export const helpCategories = pgTable(
  'help_categories',
  {
    id: serialId(),
    merchantId: merchantRef(),
    slug: text('slug').notNull(),
    title: localized('title'),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [uniqueIndex('help_categories_merchant_slug_unique').on(table.merchantId, table.slug)],
);

/** Help-centre articles; the slug is the page anchor (/help#term opens the terms). */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: serialId(),
    merchantId: merchantRef(),
    categoryId: integerRef('category_id', () => helpCategories.id),
    slug: text('slug').notNull(),
    title: localized('title'),
    /** HTML per language. */
    content: localized('content'),
    /** Devices that list the article: WEB, H5, APP. */
    devices: text('devices').array().notNull().default(sql`'{WEB,H5,APP}'::text[]`),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (table) => [
    uniqueIndex('help_articles_merchant_slug_unique').on(table.merchantId, table.slug),
    index('help_articles_category_idx').on(table.categoryId),
  ],
);

/** Banner images by group (w_home, w_login_BN ...); a null language shows in every language. */
export const banners = pgTable(
  'banners',
  {
    id: serialId(),
    merchantId: merchantRef(),
    /** Natural key for seeding and the generated art's URL. */
    code: text('code').notNull(),
    groupName: text('group_name').notNull(),
    language: text('language'),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    url: text('url').notNull(),
    linkage: text('linkage').notNull().default(''),
    linkageType: text('linkage_type').notNull().default('NONE'),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('banners_merchant_code_unique').on(table.merchantId, table.code),
    index('banners_merchant_group_idx').on(table.merchantId, table.groupName),
    check('banners_linkage_type', sql`${table.linkageType} in ('NONE', 'INTERNAL', 'EXTERNAL', 'VIDEO', 'GAME', 'PROMOTION')`),
  ],
);

/** Notices (PL), popups (PU), promotions (PR), headlines (H); banners live in `banners`. */
export const announcements = pgTable(
  'announcements',
  {
    id: serialId(),
    merchantId: merchantRef(),
    code: text('code').notNull(),
    type: text('type').notNull(),
    /** Popup audience: A logged in, B visitors, F first login. Only for PU. */
    execution: text('execution'),
    title: localized('title'),
    /** HTML per language; sanitised by the web before display. */
    content: localized('content'),
    platforms: text('platforms').array().notNull().default(sql`'{W,H5,APP}'::text[]`),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('announcements_merchant_code_unique').on(table.merchantId, table.code),
    index('announcements_merchant_type_idx').on(table.merchantId, table.type),
    check('announcements_type', sql`${table.type} in ('PL', 'PU', 'PR', 'H')`),
    check(
      'announcements_execution',
      sql`(${table.type} = 'PU' and ${table.execution} in ('A', 'B', 'F')) or (${table.type} <> 'PU' and ${table.execution} is null)`,
    ),
  ],
);

export const announcementImages = pgTable(
  'announcement_images',
  {
    id: serialId(),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    url: text('url').notNull(),
  },
  (table) => [uniqueIndex('announcement_images_announcement_sequence_unique').on(table.announcementId, table.sequence)],
);

/** Side-menu and floating-bar contact entries. */
export const customerServices = pgTable(
  'customer_services',
  {
    id: serialId(),
    merchantId: merchantRef(),
    code: text('code').notNull(),
    csType: text('cs_type').notNull(),
    title: localized('title'),
    url: text('url').notNull(),
    /** The icon/colour class the web applies to the entry. */
    textClass: text('text_class').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (table) => [
    uniqueIndex('customer_services_merchant_code_unique').on(table.merchantId, table.code),
    check('customer_services_cs_type', sql`${table.csType} in ('LIVECHAT', 'FACEBOOK', 'TELEGRAM', 'WHATSAPP')`),
  ],
);

/** Merchant switches and links: app download URLs, Telegram groups, invite toggle ... */
export const merchantResources = pgTable(
  'merchant_resources',
  {
    id: serialId(),
    merchantId: merchantRef(),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (table) => [uniqueIndex('merchant_resources_merchant_key_unique').on(table.merchantId, table.key)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Images an operator uploads for content (banners, announcements, help). In the database so every node serves them. */
export const contentImages = pgTable(
  'content_images',
  {
    id: uuid('id').primaryKey(),
    merchantId: merchantRef(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    operatorId: integer('operator_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('content_images_merchant_idx').on(table.merchantId, table.createdAt),
    check('content_images_content_type_check', sql`${table.contentType} in ('image/png', 'image/jpeg', 'image/webp')`),
  ],
);
