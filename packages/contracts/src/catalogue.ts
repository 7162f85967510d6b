import { z } from 'zod';
import { GAME_CATEGORIES, PAGE_SIZE } from './constants';
import { envelopeOf, moneyString } from './envelope';
import { recordIdParam } from './ids';
import { LANGUAGES } from './languages';

/**
 * Catalogue calls (spec sections 7 and 9). T = bearer token required, N = none.
 * The relay names are the spec's; each is its own route (no catch-all relay).
 */
export const CATALOGUE_PATHS = {
  /** N. Every category with its enabled vendors (home rows, drop menus). */
  gameMenus: '/lgw/games/game_menus',
  /** N. The header navigation: categories that have vendors, in nav order, with drop-menu vendors. */
  gameMenu: '/lgw/vn/games/game_menu',
  /** T. The member's recently played games (nav "recent" entry), newest first, at most 20. */
  gameMenuRecent: '/lgw/vn/games/game_menu/recent',
  /** N. Game list for visitors (same query and shape as gameList; FAV and RECENT need a token). */
  gameListPublic: '/lgw/games/list',
  /** T. The game list query. */
  gameList: '/wps/relay/GCSGAME_gameList',
  /** N. Vendor lanes for the game centre pages (platform html5-desktop): value.data.lanes. */
  newGameVendor: '/wps/relay/GCSGAME_newGameVendor',
  /** T. The categories (game types) one vendor is offered in. */
  vassGameType: '/wps/relay/GCSGAME_getVassGameType',
  /** N. Hot games carousel: value.list. */
  hotGames: '/wps/relay/GCSGAME_hotGamesV2',
  /** T. The member's favourite game ids (nodeIds). */
  favoriteGameIds: '/wps/relay/MCSFE_getFavoriteGames',
  /** T. The member's favourite games (pageSize 999). */
  favoriteGamesList: '/wps/relay/MCSFE_getFavoriteGamesList',
  /** T, POST. Adds a favourite; adding twice keeps one. */
  addFavoriteGame: '/wps/relay/MCSFE_addFavoriteGameV2',
  /** T, DELETE (query nodeId). Removes a favourite; removing a missing one is OK. */
  removeFavoriteGame: '/wps/relay/MCSFE_removeFavoriteGameV2',
  /** T. Recently played games, page size 20. */
  recentGames: '/wps/relay/GCS_recentGame',
  /** N. Winner board from real recent wins (gameCategory ALL, limitNum 20). */
  rankList: '/wps/relay/GCSGAME_getRankList',
  /** N. A jackpot figure to seed the decorative ticker (spec section 9). */
  jackpot: '/lgw/games/jackpot',
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

/** Spec section 3 filters of the game list. */
export const GAME_CLASSIFIES = ['ALL', 'NEW', 'HOT', 'FAV', 'RECENT'] as const;
export type GameClassify = (typeof GAME_CLASSIFIES)[number];

/** 0/1 flags as the spec's Game fields carry them (isHot 1 means hot). */
const flag = z.union([z.literal(0), z.literal(1)]);
const language = z.enum(LANGUAGES);
/** Query numbers arrive as strings. */
const pageNo = z.coerce.number().int().min(1).max(10_000).default(1);

/** A game as tiles, lists and carousels show it (spec section 3 "Game"). */
export const gameItem = z.object({
  /** The game's id; favourites and recent games refer to it. */
  nodeId: z.number().int(),
  nodeName: z.string(),
  gameName: z.string(),
  /** The name in the request's language (falls back to gameName). */
  displayName: z.string(),
  gameId: z.number().int(),
  gameCode: z.string(),
  iconUrl: z.string(),
  showIcon: z.string(),
  /** Wide tile art (the spec's spelling). */
  lagerIcon: z.string(),
  vassalage: z.string(),
  vendorName: z.string(),
  gameType: gameCategory,
  isHot: flag,
  isNew: flag,
  /** The logged-in member's favourite (always false for visitors). */
  isFavorite: z.boolean(),
  /** The game or its vendor is in maintenance: the tile shows it, a launch is refused. */
  isMaintenance: z.boolean(),
  /** The free-trial button is shown only for these. */
  supportsFreePlay: z.boolean(),
  /** 'VASSALAGE' opens the vendor popup list; games are 'GAME'. */
  isGame: z.enum(['VASSALAGE', 'GAME']),
  sort: z.number().int(),
});
export type GameItem = z.infer<typeof gameItem>;

export const gamePage = z.object({
  list: z.array(gameItem),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPage: z.number().int(),
});
export type GamePage = z.infer<typeof gamePage>;

/**
 * The game list query (spec section 7). clientType, platform and merchant are accepted as the
 * web sends them; the merchant is resolved from the domain/Merchant header, never from here.
 */
export const gameListQuery = z.object({
  clientType: z.string().max(20).optional(),
  platform: z.string().max(40).optional(),
  merchant: z.string().max(40).optional(),
  gameType: gameCategory.optional(),
  vassalage: z.string().max(32).optional(),
  gameClassify: z.enum(GAME_CLASSIFIES).default('ALL'),
  /** Optional name search (case-insensitive, any language). */
  keyword: z.string().trim().max(50).optional(),
  language: language.optional(),
  pageNo,
  pageSize: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.GAMES),
});
export type GameListQuery = z.infer<typeof gameListQuery>;
export const gameListResponse = envelopeOf(gamePage);

/** Header navigation (spec section 2): only categories with at least one vendor, in nav order. */
export const navMenuEntry = z.object({
  gameType: gameCategory,
  /** The web's nav route (/live, /rng ...). */
  route: z.string(),
  vendors: z.array(menuVendor),
  /** Above 10 vendors the drop menu uses the large layout. */
  isLargeMenu: z.boolean(),
  /** A click launches the only vendor directly (never for PVP, FISH, RNG). */
  launchesDirectly: z.boolean(),
});
export type NavMenuEntry = z.infer<typeof navMenuEntry>;
export const gameMenuQuery = z.object({ language: language.optional(), platform: z.string().max(40).optional() });
export const gameMenuResponse = envelopeOf(z.object({ menus: z.array(navMenuEntry) }));

export const recentMenuResponse = envelopeOf(z.object({ list: z.array(gameItem) }));

/** GCSGAME_newGameVendor: lanes of vendor cards per category. */
export const newGameVendorQuery = z.object({
  platform: z.string().max(40).default('html5-desktop'),
  language: language.optional(),
  gameType: gameCategory.optional(),
  merchant: z.string().max(40).optional(),
});
export const vendorCard = z.object({
  vassalage: z.string(),
  gameType: gameCategory,
  displayName: z.string(),
  logoUrl: z.string(),
  vendorType: z.string(),
  isGame: z.enum(['VASSALAGE', 'GAME']),
  isMaintenance: z.boolean(),
  gameCount: z.number().int(),
});
export type VendorCard = z.infer<typeof vendorCard>;
export const vendorLane = z.object({
  /** The category (gameType) of the lane. */
  title: gameCategory,
  cards: z.array(vendorCard),
  /** The sorting vendor: the category and its vendors' codes in order. */
  gameClassify: z.object({ gameCategory: gameCategory, vendors: z.array(z.string()) }),
});
export type VendorLane = z.infer<typeof vendorLane>;
export const newGameVendorResponse = envelopeOf(z.object({ data: z.object({ lanes: z.array(vendorLane) }) }));

/** GCSGAME_getVassGameType: the categories a vendor is in (all vendors when vassalage is absent). */
export const vassGameTypeQuery = z.object({ vassalage: z.string().max(32).optional(), language: language.optional() });
export const vassGameTypeResponse = envelopeOf(
  z.object({
    list: z.array(z.object({ vassalage: z.string(), gameType: gameCategory, displayName: z.string(), gameCount: z.number().int() })),
  }),
);

/** GCSGAME_hotGamesV2 (isPlatform 2 = the web). Cached per session by the web. */
export const hotGamesQuery = z.object({
  merchantCode: z.string().max(40).optional(),
  isPlatform: z.coerce.number().int().optional(),
  vassalage: z.string().max(32).optional(),
  platform: z.string().max(40).optional(),
  language: language.optional(),
});
export const hotGamesResponse = envelopeOf(z.object({ list: z.array(gameItem) }));

/** Favourites (spec sections 3 and 4): payload nodeId, vendor, gameType. */
export const favoriteGameIdsResponse = envelopeOf(z.object({ ids: z.array(z.number().int()) }));
export const favoriteGamesListQuery = z.object({
  clientType: z.string().max(20).optional(),
  platform: z.string().max(40).optional(),
  language: language.optional(),
  gameType: gameCategory.optional(),
  pageNo,
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE.FAVOURITES).default(PAGE_SIZE.FAVOURITES),
});
export const favoriteGamesListResponse = envelopeOf(gamePage);
export const favoriteGameBody = z.object({
  nodeId: recordIdParam,
  /** The vendor code (vassalage); checked against the game when given. */
  vendor: z.string().max(32).optional(),
  gameType: gameCategory.optional(),
});
export const removeFavoriteGameQuery = favoriteGameBody;
export const favoriteGameResponse = envelopeOf(z.object({ nodeId: z.number().int(), isFavorite: z.boolean() }));

/** GCS_recentGame: page, pageSize 20, gameType, language, clientType. */
export const recentGamesQuery = z.object({
  page: pageNo,
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE.RECENT).default(PAGE_SIZE.RECENT),
  gameType: gameCategory.optional(),
  language: language.optional(),
  clientType: z.string().max(20).optional(),
});
export const recentGamesResponse = envelopeOf(gamePage);

/** GCSGAME_getRankList: the winner board. */
export const rankListQuery = z.object({
  gameCategory: z.union([z.literal('ALL'), gameCategory]).default('ALL'),
  language: language.optional(),
  limitNum: z.coerce.number().int().min(1).max(PAGE_SIZE.WINNERS).default(PAGE_SIZE.WINNERS),
});
export const winnerEntry = z.object({
  rank: z.number().int(),
  vo: z.object({
    /** Masked (first two and last two characters). */
    customerName: z.string(),
    /** Net win of the round (payout minus stake), 2 decimals. */
    winAmount: moneyString,
    iconUrl: z.string(),
    gameName: z.string(),
    vassalage: z.string(),
    nodeId: z.number().int(),
    wonAt: z.string().datetime(),
  }),
});
export type WinnerEntry = z.infer<typeof winnerEntry>;
/** isDemo: the board shows the seeded DEMO history because nobody has won for real yet. */
export const rankListResponse = envelopeOf(z.object({ list: z.array(winnerEntry), isDemo: z.boolean() }));

/** The decorative jackpot ticker's starting figure (spec section 9: between 100,000,000 and 1,000,000,000). */
export const jackpotResponse = envelopeOf(z.object({ amount: moneyString, isDecorative: z.literal(true) }));

/**
 * GET /wps/game/launchGame (T). By nodeId, or by gameCode + vassalage. Trial players get
 * TRIAL_FORBIDDEN for third-party games; a game or vendor in maintenance GAME_MAINTENANCE
 * (value.suggestions: other games to try); a game not offered GAME_UNAVAILABLE.
 */
export const LAUNCH_PATHS = {
  launchGame: '/wps/game/launchGame',
  /**
   * T. The vendor launch (docs/decisions/0005-game-launch-fallback-relay.md): a vendor's game by
   * code, or without a code its entry game (the first the merchant offers, in list order, not in
   * maintenance), with the same checks and the same answer as launchGame.
   */
  gameLaunchFB: '/wps/relay/GCS_gameLaunchFB',
} as const;
export const launchGameQuery = z
  .object({
    nodeId: recordIdParam.optional(),
    gameCode: z.string().max(64).optional(),
    vassalage: z.string().max(32).optional(),
    gameType: gameCategory.optional(),
    platform: z.string().max(40).optional(),
    language: language.optional(),
    /**
     * fun: the free-trial button. Play money (the member's MEMBER_TRIAL account against
     * TRIAL_ISSUER), never the real wallet; open to trial players; only for games with
     * supportsFreePlay (else FREE_PLAY_UNSUPPORTED). real (the default): the play button.
     */
    mode: z.enum(['real', 'fun']).default('real'),
  })
  .refine((query) => query.nodeId !== undefined || (query.gameCode !== undefined && query.vassalage !== undefined), {
    message: 'nodeId, or gameCode with vassalage',
  });
/** GCS_gameLaunchFB: the vendor (required), its game by code or else its entry game, optionally in one category. */
export const gameLaunchFBQuery = z.object({
  vassalage: z.string().min(1).max(32),
  gameCode: z.string().min(1).max(64).optional(),
  gameType: gameCategory.optional(),
  platform: z.string().max(40).optional(),
  language: language.optional(),
  mode: z.enum(['real', 'fun']).default('real'),
});
export const launchGameValue = z.object({
  url: z.string(),
  /** iframe: show in the in-page frame (/seamless) or the popup's iframe; redirect: open the URL. */
  mode: z.enum(['iframe', 'redirect']),
  /** The launch token inside the URL works once, until this moment. */
  expiresAt: z.string().datetime(),
  /** True while every third-party vendor is served by the built-in DEMO vendor. */
  isDemo: z.boolean(),
  /** Fun mode: the game plays with play money (labelled in the frame). */
  isFunMode: z.boolean(),
  nodeId: z.number().int(),
  gameName: z.string(),
  vassalage: z.string(),
});
export type LaunchGameValue = z.infer<typeof launchGameValue>;
export const launchGameResponse = envelopeOf(launchGameValue);
/** value of a GAME_MAINTENANCE failure. */
export const gameMaintenanceValue = z.object({ suggestions: z.array(gameItem), maintenanceEnd: z.string().datetime().nullable() });
