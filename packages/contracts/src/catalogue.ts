import { z } from 'zod';
import { GAME_CATEGORIES } from './constants';
import { envelopeOf } from './envelope';
import { LANGUAGES } from './languages';

export const CATALOGUE_PATHS = {
  gameMenus: '/lgw/games/game_menus',
} as const;

export const gameCategory = z.enum(GAME_CATEGORIES);

/** A vendor ("vassalage") as the header drop menus and vendor tiles show it. */
export const menuVendor = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  gameType: gameCategory,
  /** Vendor type; the immediate-game button is hidden for RNG. */
  vendorType: z.string(),
  logoUrl: z.string(),
  isMaintenance: z.boolean(),
  /** 'VASSALAGE' opens the vendor popup list; 'GAME' launches directly. */
  isGame: z.enum(['VASSALAGE', 'GAME']),
  sort: z.number().int(),
});
export type MenuVendor = z.infer<typeof menuVendor>;

export const gameMenu = z.object({ gameType: gameCategory, vendors: z.array(menuVendor) });
export type GameMenu = z.infer<typeof gameMenu>;

/** GET /lgw/games/game_menus: every category with its enabled vendors, in home-row order. */
export const gameMenusResponse = envelopeOf(z.object({ menus: z.array(gameMenu) }));

/**
 * Generated artwork (no image can be downloaded in development or CI): deterministic SVG for
 * vendor logos, game icons, banners and promotion images. The URLs are stored in the catalogue
 * and announcement rows, so a real CDN URL can replace any of them without a code change.
 */
export const IMAGE_PATHS = {
  vendorLogo: '/lgw/images/vendors/:file',
  gameIcon: '/lgw/images/games/:vendor/:file',
  banner: '/lgw/images/banners/:file',
  announcementImage: '/lgw/images/announcements/:code/:file',
} as const;

const svgFile = z.string().regex(/^[A-Za-z0-9_-]{1,64}\.svg$/, 'a name ending in .svg');

export const vendorLogoParams = z.object({ file: svgFile });
export const gameIconParams = z.object({ vendor: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/), file: svgFile });
/** `large` is the wide tile art (the spec's lagerIcon). */
export const gameIconQuery = z.object({ size: z.enum(['icon', 'large']).default('icon') });
export const bannerImageParams = z.object({ file: svgFile });
export const announcementImageParams = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), file: svgFile });
/** Promotion art carries the title, so its URL names the language it is drawn in. */
export const announcementImageQuery = z.object({ lang: z.enum(LANGUAGES).optional() });
