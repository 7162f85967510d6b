import { z } from 'zod';
import { envelopeOf } from './envelope';
import { LANGUAGES } from './languages';
import { ANNOUNCEMENT_PLATFORMS, BANNER_GROUPS, BANNER_LINKAGE_TYPES, POPUP_EXECUTIONS } from './messages';

/**
 * The back office's content calls (issue 19, "Content"): banners by group, announcements
 * (notices PL, popups PU with their audience, promotions PR, headlines H), help-centre articles,
 * customer-service entries and the merchant's links and footer logos. Reads need `read`, every
 * change `settings`; each change is audited. HTML is sanitised by the server against one
 * allow-list (platform/sanitize-html.ts) and shown by the site exactly as stored.
 */
export const CONTENT_ADMIN_PATHS = {
  /** GET: every banner (active or not); POST: publish a banner in one or more languages. */
  banners: '/admin-api/merchants/:code/content/banners',
  /** PUT: change one banner row; DELETE: remove it. */
  banner: '/admin-api/merchants/:code/content/banners/:id',
  announcements: '/admin-api/merchants/:code/content/announcements',
  announcement: '/admin-api/merchants/:code/content/announcements/:id',
  /** GET: categories and articles; POST: a new article. */
  helpArticles: '/admin-api/merchants/:code/content/help-articles',
  helpArticle: '/admin-api/merchants/:code/content/help-articles/:id',
  customerServices: '/admin-api/merchants/:code/content/customer-services',
  customerService: '/admin-api/merchants/:code/content/customer-services/:id',
  /** GET: the merchant's links and switches; PUT: set some of them. */
  resources: '/admin-api/merchants/:code/content/resources',
  /** POST (raw image body, png/jpeg/webp, <= 1 MB): store an image for content; answers its URL. */
  images: '/admin-api/merchants/:code/content/images',
  /** POST: the sanitised HTML per language, exactly as the site will show it. */
  preview: '/admin-api/merchants/:code/content/preview',
} as const;

/** Where an uploaded content image is served (public, immutable: the id is a random UUID). */
export const CONTENT_IMAGE_PATH = '/lgw/images/content/:id';
export const contentImageUrl = (id: string) => `/lgw/images/content/${id}`;
export const CONTENT_IMAGE_MAX_BYTES = 1024 * 1024;

/** Every banner group an operator can publish into (spec section 3). */
export const BANNER_GROUP_NAMES = [
  ...BANNER_GROUPS,
  ...LANGUAGES.map((language) => `w_login_${language}` as const),
  ...LANGUAGES.map((language) => `w_reg_${language}` as const),
] as const;

export const CONTENT_TITLE_MAX = 120;
export const CONTENT_HTML_MAX = 50_000;

const isoTime = z.string().datetime({ offset: true });
const contentLanguage = z.enum(LANGUAGES);
export const BANNER_TEXT_KEYS = ['ALL', ...LANGUAGES] as const;

const bannerText = z.object({
  title: z.string().trim().min(1).max(CONTENT_TITLE_MAX),
  subtitle: z.string().trim().max(200).default(''),
});

const bannerLink = z
  .object({ linkageType: z.enum(BANNER_LINKAGE_TYPES), linkage: z.string().trim().max(500).default('') })
  .superRefine((value, context) => {
    const fail = (message: string) => context.addIssue({ code: 'custom', path: ['linkage'], message });
    if (value.linkageType === 'NONE') return;
    if (value.linkage === '') return fail('LINKAGE_REQUIRED');
    if (value.linkageType === 'INTERNAL' && !/^\/[^/\\]/.test(value.linkage)) fail('LINKAGE_INTERNAL_PATH');
    if ((value.linkageType === 'EXTERNAL' || value.linkageType === 'VIDEO') && !/^https:\/\/[^\s]+$/.test(value.linkage))
      fail('LINKAGE_HTTPS_URL');
    if (value.linkageType === 'GAME' && !/^[A-Za-z0-9_-]+\/[A-Za-z0-9_.-]+$/.test(value.linkage)) fail('LINKAGE_GAME');
    if (value.linkageType === 'PROMOTION' && !/^\d+$/.test(value.linkage)) fail('LINKAGE_PROMOTION');
  });

/** Where an item lists among its kind, and whether it is shown at all. */
const ordering = {
  sort: z.number().int().min(0).max(100_000).default(0),
  isActive: z.boolean().default(true),
};
const schedule = {
  ...ordering,
  startsAt: isoTime.optional(),
  /** Absent or null: no end. */
  endsAt: isoTime.nullable().optional(),
};
/** A schedule's end, when it has one and a start, comes after the start. */
const endsAfterStart = (value: { startsAt?: string; endsAt?: string | null }) =>
  !value.endsAt || !value.startsAt || value.endsAt > value.startsAt;
const ENDS_BEFORE_START = { path: ['endsAt'], message: 'ENDS_BEFORE_START' };

/** An item's order and state as the desk reads them (`ordering`), and with `scheduledValue` its window. */
const orderingValue = { sort: z.number(), isActive: z.boolean() };
const scheduledValue = {
  ...orderingValue,
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  /** Shown on the site right now (active and inside its window). */
  isLive: z.boolean(),
};

/** The uploaded image (see `images`) shown instead of the generated art; null: the generated art. */
const imageUrlInput = z
  .string()
  .regex(/^\/lgw\/images\/content\/[0-9a-f-]{36}$/, 'an uploaded content image')
  .nullable()
  .optional();

export const createBannerBody = z
  .object({
    groupName: z.enum(BANNER_GROUP_NAMES),
    /** One banner row per key: BN, EN, SW, or ALL (shown in every language). */
    texts: z.partialRecord(z.enum(BANNER_TEXT_KEYS), bannerText),
    imageUrl: imageUrlInput,
    ...schedule,
  })
  .and(bannerLink)
  .refine((value) => Object.keys(value.texts).length > 0, { path: ['texts'], message: 'TEXT_REQUIRED' })
  .refine(endsAfterStart, ENDS_BEFORE_START);
export type CreateBannerBody = z.infer<typeof createBannerBody>;

export const updateBannerBody = z
  .object({ groupName: z.enum(BANNER_GROUP_NAMES), imageUrl: imageUrlInput, ...schedule })
  .and(bannerText)
  .and(bannerLink)
  .refine(endsAfterStart, ENDS_BEFORE_START);
export type UpdateBannerBody = z.infer<typeof updateBannerBody>;

export const adminBanner = z.object({
  id: z.number(),
  code: z.string(),
  groupName: z.string(),
  language: contentLanguage.nullable(),
  title: z.string(),
  subtitle: z.string(),
  url: z.string(),
  /** True when `url` is an uploaded image (false: the generated art of title and subtitle). */
  isUploadedImage: z.boolean(),
  linkageType: z.enum(BANNER_LINKAGE_TYPES),
  linkage: z.string(),
  ...scheduledValue,
});
export type AdminBanner = z.infer<typeof adminBanner>;
export const adminBannersResponse = envelopeOf(z.object({ items: z.array(adminBanner) }));
export const adminBannerResponse = envelopeOf(adminBanner);

const localizedText = (max: number) =>
  z.object({ BN: z.string().max(max), EN: z.string().max(max).default(''), SW: z.string().max(max).default('') });
/** A localized text whose BN is filled (every language falls back to it). */
const requiredBn = (max: number) => localizedText(max).refine((value) => value.BN.trim() !== '', { path: ['BN'], message: 'BN_REQUIRED' });

/** An uploaded content image, or a promotion's generated art (kept when an operator edits a seeded promotion). */
const ANNOUNCEMENT_IMAGE_URL = /^\/lgw\/images\/(content\/[0-9a-f-]{36}|announcements\/[A-Za-z0-9_-]{1,64}\/\d{1,2}\.svg)$/;

export const ADMIN_ANNOUNCEMENT_TYPES = ['PL', 'PU', 'PR', 'H'] as const;

export const announcementBody = z
  .object({
    type: z.enum(ADMIN_ANNOUNCEMENT_TYPES),
    /** Popups only: A logged-in members, B visitors, F a member's first login. */
    execution: z.enum(POPUP_EXECUTIONS).nullable().default(null),
    /** BN is required (every language falls back to it). */
    title: requiredBn(CONTENT_TITLE_MAX),
    content: localizedText(CONTENT_HTML_MAX),
    platforms: z.array(z.enum(ANNOUNCEMENT_PLATFORMS)).min(1).max(3),
    /** Uploaded images shown with a promotion (PR), in order. */
    images: z.array(z.string().regex(ANNOUNCEMENT_IMAGE_URL, 'an uploaded content image')).max(5).default([]),
    ...schedule,
  })
  .refine((value) => (value.type === 'PU') === (value.execution !== null), { path: ['execution'], message: 'EXECUTION_ONLY_FOR_POPUPS' })
  .refine(endsAfterStart, ENDS_BEFORE_START);
export type AnnouncementBody = z.infer<typeof announcementBody>;

const localizedValue = z.object({ BN: z.string(), EN: z.string(), SW: z.string() });

export const adminAnnouncement = z.object({
  id: z.number(),
  code: z.string(),
  type: z.enum(ADMIN_ANNOUNCEMENT_TYPES),
  execution: z.enum(POPUP_EXECUTIONS).nullable(),
  title: localizedValue,
  content: localizedValue,
  platforms: z.array(z.string()),
  images: z.array(z.string()),
  ...scheduledValue,
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncement>;
export const adminAnnouncementsResponse = envelopeOf(z.object({ items: z.array(adminAnnouncement) }));
export const adminAnnouncementResponse = envelopeOf(adminAnnouncement);

export const HELP_DEVICES = ['WEB', 'H5', 'APP'] as const;
export const helpArticleBody = z.object({
  categoryId: z.number().int().positive(),
  /** The page anchor: /help#slug. */
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, 'SLUG'),
  title: requiredBn(CONTENT_TITLE_MAX),
  content: localizedText(CONTENT_HTML_MAX),
  devices: z.array(z.enum(HELP_DEVICES)).min(1).max(3),
  ...ordering,
});
export type HelpArticleBody = z.infer<typeof helpArticleBody>;

export const adminHelpArticle = z.object({
  id: z.number(),
  categoryId: z.number(),
  slug: z.string(),
  title: localizedValue,
  content: localizedValue,
  devices: z.array(z.string()),
  ...orderingValue,
});
export type AdminHelpArticle = z.infer<typeof adminHelpArticle>;
export const adminHelpCategory = z.object({ id: z.number(), slug: z.string(), title: localizedValue });
export type AdminHelpCategory = z.infer<typeof adminHelpCategory>;
export const adminHelpArticlesResponse = envelopeOf(z.object({ categories: z.array(adminHelpCategory), items: z.array(adminHelpArticle) }));
export const adminHelpArticleResponse = envelopeOf(adminHelpArticle);

export const CUSTOMER_SERVICE_TYPES = ['LIVECHAT', 'FACEBOOK', 'TELEGRAM', 'WHATSAPP'] as const;
export const customerServiceBody = z
  .object({
    csType: z.enum(CUSTOMER_SERVICE_TYPES),
    title: requiredBn(60),
    url: z.string().trim().max(500),
    ...ordering,
  })
  .refine((value) => (value.csType === 'LIVECHAT' ? /^(\/|https:\/\/)/.test(value.url) : /^https:\/\/[^\s]+$/.test(value.url)), {
    path: ['url'],
    message: 'LINKAGE_HTTPS_URL',
  });
export type CustomerServiceBody = z.infer<typeof customerServiceBody>;
export const adminCustomerService = z.object({
  id: z.number(),
  code: z.string(),
  csType: z.enum(CUSTOMER_SERVICE_TYPES),
  title: localizedValue,
  url: z.string(),
  ...orderingValue,
});
export type AdminCustomerService = z.infer<typeof adminCustomerService>;
export const adminCustomerServicesResponse = envelopeOf(z.object({ items: z.array(adminCustomerService) }));
export const adminCustomerServiceResponse = envelopeOf(adminCustomerService);

/**
 * The merchant links and switches an operator edits (merchant_resources keys). Footer logos are
 * comma lists of brand names (empty: the site's defaults for the visitor's market).
 */
export const RESOURCE_LINK_KEYS = [
  'appDownloadIos',
  'appDownloadAndroid',
  'telegramChannel',
  'telegramGroup',
  'whatsapp',
  'facebookPage',
] as const;
export const RESOURCE_LOGO_KEYS = ['footerPaymentLogos', 'footerCertificationLogos', 'footerLicenceLogos'] as const;
export const RESOURCE_SWITCH_KEYS = ['inviteEnabled', 'liveChatEnabled'] as const;
export const RESOURCE_KEYS = [...RESOURCE_LINK_KEYS, 'supportEmail', ...RESOURCE_LOGO_KEYS, ...RESOURCE_SWITCH_KEYS] as const;
export type ResourceKey = (typeof RESOURCE_KEYS)[number];

const linkValue = z
  .string()
  .trim()
  .max(500)
  .regex(/^(|\/[^/\\].*|https:\/\/\S+)$/, 'LINKAGE_HTTPS_URL');
const logoList = z
  .string()
  .trim()
  .max(500)
  .regex(/^[\p{L}\p{N} .&'+-]*(,[\p{L}\p{N} .&'+-]*)*$/u, 'LOGO_LIST');
export const updateResourcesBody = z
  .object({
    appDownloadIos: linkValue,
    appDownloadAndroid: linkValue,
    telegramChannel: linkValue,
    telegramGroup: linkValue,
    whatsapp: linkValue,
    facebookPage: linkValue,
    supportEmail: z.union([z.literal(''), z.string().trim().email().max(200)]),
    footerPaymentLogos: logoList,
    footerCertificationLogos: logoList,
    footerLicenceLogos: logoList,
    inviteEnabled: z.enum(['0', '1']),
    liveChatEnabled: z.enum(['0', '1']),
  })
  .partial();
export type UpdateResourcesBody = z.infer<typeof updateResourcesBody>;
export const adminResourcesResponse = envelopeOf(z.object({ values: z.record(z.string(), z.string()) }));

export const contentPreviewBody = z.object({ html: z.partialRecord(contentLanguage, z.string().max(CONTENT_HTML_MAX)) });
export const contentPreviewResponse = envelopeOf(z.object({ html: z.record(z.string(), z.string()) }));
export const contentImageResponse = envelopeOf(z.object({ url: z.string(), size: z.number(), contentType: z.string() }));

export const contentMerchantParams = z.object({ code: z.string().max(40) });
export const contentItemParams = z.object({ code: z.string().max(40), id: z.coerce.number().int().positive() });
export const contentDeletedResponse = envelopeOf(z.object({ deleted: z.boolean() }));
