import { z } from 'zod';
import { envelopeOf } from './envelope';
import { LANGUAGES, type Language } from './languages';

/** Announcements, notices, popups, promotions and banners (spec sections 2, 3 and 7). */
export const MESSAGES_PATHS = {
  listAnnouncements: '/wps/relay/MCSFE_getListAnnouncements',
} as const;

/**
 * B banners, PL player notices (marquee and notice popup), PU popups, PR promotions,
 * H headlines (pinned notices such as scheduled maintenance, shown before the others).
 */
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** Popup audience: A logged-in users, B visitors, F only on a member's first login. */
export const POPUP_EXECUTIONS = ['A', 'B', 'F'] as const;
export type PopupExecution = (typeof POPUP_EXECUTIONS)[number];

/** Where announcements are shown: W is the web site. */
export const ANNOUNCEMENT_PLATFORMS = ['W', 'H5', 'APP'] as const;

/** Banner group names of spec section 3; the login and register groups exist per language. */
export const BANNER_GROUPS = ['w_forget', 'w_home', 'w_promotion', 'w_register', 'w_leftmenu'] as const;
export function loginBannerGroup(language: Language): string {
  return `w_login_${language}`;
}
export function registerBannerGroup(language: Language): string {
  return `w_reg_${language}`;
}

/**
 * What a banner click does: NONE nothing; INTERNAL a site route ("/promotions");
 * EXTERNAL a URL opened in a new tab; VIDEO an embeddable video link (w_promotion);
 * GAME "vassalage/gameCode"; PROMOTION the id of a PR announcement.
 */
export const BANNER_LINKAGE_TYPES = ['NONE', 'INTERNAL', 'EXTERNAL', 'VIDEO', 'GAME', 'PROMOTION'] as const;
export type BannerLinkageType = (typeof BANNER_LINKAGE_TYPES)[number];

const typeList = z
  .string()
  .regex(/^(B|PL|PU|PR|H)(,(B|PL|PU|PR|H))*$/, 'a comma list of B, PL, PU, PR, H')
  .transform((value) => [...new Set(value.split(','))] as AnnouncementType[]);

export const listAnnouncementsQuery = z.object({
  /** Comma list of announcement types; all types when absent. */
  types: typeList.optional(),
  platform: z.enum(ANNOUNCEMENT_PLATFORMS).default('W'),
  /** Content language; else the `Language` header, else the merchant's default. */
  language: z.enum(LANGUAGES).optional(),
});
export type ListAnnouncementsQuery = z.infer<typeof listAnnouncementsQuery>;

export const bannerItem = z.object({
  id: z.number().int(),
  groupName: z.string(),
  /** Alternative text of the image, in the request's language. */
  title: z.string(),
  url: z.string(),
  linkage: z.string(),
  linkageType: z.enum(BANNER_LINKAGE_TYPES),
  sort: z.number().int(),
});
export type BannerItem = z.infer<typeof bannerItem>;

export const announcementImage = z.object({ sequence: z.number().int(), url: z.string() });

export const announcementItem = z.object({
  id: z.number().int(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.string(),
  /** HTML; the web sanitises it (DOMPurify) before showing it. */
  content: z.string(),
  /** Set on popups (PU) only. */
  execution: z.enum(POPUP_EXECUTIONS).nullable(),
  /** Promotion images (PR), by sequence; empty for the other types. */
  announcementImages: z.array(announcementImage),
  sort: z.number().int(),
  /** When the item became visible (ISO 8601). */
  startsAt: z.string(),
  endsAt: z.string().nullable(),
});
export type AnnouncementItem = z.infer<typeof announcementItem>;

/** Each list is empty when its type was not asked for. Lists are in display order. */
export const listAnnouncementsValue = z.object({
  banners: z.array(bannerItem),
  playerNotices: z.array(announcementItem),
  popups: z.array(announcementItem),
  promotions: z.array(announcementItem),
  headlines: z.array(announcementItem),
});
export type ListAnnouncementsValue = z.infer<typeof listAnnouncementsValue>;
export const listAnnouncementsResponse = envelopeOf(listAnnouncementsValue);
