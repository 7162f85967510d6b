import { z } from 'zod';
import { GAME_CATEGORIES } from './constants';
import { envelopeOf } from './envelope';

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
