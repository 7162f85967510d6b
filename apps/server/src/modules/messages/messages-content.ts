import { BANNER_LINKAGE_TYPES, POPUP_EXECUTIONS } from '@kismat/contracts/messages';
import { z } from 'zod';
import defaultContent from './content/default.json';
import eastAfricaContent from './content/east-africa.json';

/** Seeded text in every interface language; a language left out fails the parse below. */
const localized = z.strictObject({ BN: z.string().min(1), EN: z.string().min(1), SW: z.string().min(1) });

const bannerSeed = z.strictObject({
  /** Suffix of the banner code; the code is `${groupName}-${language}-${key}`. */
  key: z.string(),
  groupName: z.enum(['w_login', 'w_reg', 'w_forget', 'w_home', 'w_promotion', 'w_register', 'w_leftmenu']),
  title: localized,
  subtitle: localized,
  linkageType: z.enum(BANNER_LINKAGE_TYPES),
  linkage: z.string(),
});

const announcementSeed = z.strictObject({
  code: z.string(),
  type: z.enum(['PL', 'PU', 'PR', 'H']),
  execution: z.enum(POPUP_EXECUTIONS).nullable(),
  /** Number of promotion images (PR only). */
  imageCount: z.number().int().min(0),
  title: localized,
  content: localized,
});

export type BannerSeed = z.infer<typeof bannerSeed>;
export type AnnouncementSeed = z.infer<typeof announcementSeed>;
export type MessageContent = { banners: BannerSeed[]; announcements: AnnouncementSeed[] };

const siteContent = z.strictObject({ banners: z.array(bannerSeed), announcements: z.array(announcementSeed) });

/**
 * Banners of every group, drawn once per language, and notices, popups and promotions: data in content/*.json, one
 * file per site. Login and register groups carry the language in their name (w_login_BN); the others are filtered by
 * the banner's language.
 */
const DEFAULT_CONTENT: MessageContent = siteContent.parse(defaultContent);

/*
 * The East African merchant's (KISMAT-KE, issue 22) banners and notices: M-Pesa, Kenyan shillings, football; no ৳, no
 * bKash or Nagad, and no bonus the Kenyan site does not run. Texts that fit both sites (login, password recovery,
 * security, responsible play) are the default merchant's, named in east-africa.json's sharedBanners
 * (`${groupName}-${key}`) and sharedAnnouncements (code), and come first.
 */
const eastAfrica = z
  .strictObject({ sharedBanners: z.array(z.string()), sharedAnnouncements: z.array(z.string()) })
  .extend(siteContent.shape)
  .parse(eastAfricaContent);

export const MESSAGE_CONTENT: Record<'default' | 'east-africa', MessageContent> = {
  default: DEFAULT_CONTENT,
  'east-africa': {
    banners: [
      ...DEFAULT_CONTENT.banners.filter((banner) => eastAfrica.sharedBanners.includes(`${banner.groupName}-${banner.key}`)),
      ...eastAfrica.banners,
    ],
    announcements: [
      ...DEFAULT_CONTENT.announcements.filter((announcement) => eastAfrica.sharedAnnouncements.includes(announcement.code)),
      ...eastAfrica.announcements,
    ],
  },
};
