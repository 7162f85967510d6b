import type { GameCategory } from '@kismat/contracts/constants';

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Member-centre pages of spec section 2, selected by the `page` query. */
export const MEMBER_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
] as const;
/** Member-centre pages reached from the account menu rather than the centre's own menu. */
export const MEMBER_MENU_ONLY_PAGES = ['manualRebate'] as const;
export type MemberPage = (typeof MEMBER_PAGES)[number] | (typeof MEMBER_MENU_ONLY_PAGES)[number];

/** Help-centre anchors the site links to (footer, register terms). */
export type HelpSection = 'term' | 'privacy' | 'responsible-gaming' | 'faq' | 'about';

/** Every route of spec section 2 in one typed place; links use getHref, the router uses path. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  /** `redirect`: the page a guard turned the visitor away from, opened after the login (toReturnPath). */
  login: { path: '/login', getHref: (redirect?: string) => withQuery('/login', { redirect }) },
  register: { path: '/register', getHref: (referralCode?: string) => withQuery('/register', { referralCode }) },
  agent: { path: '/agent', getHref: () => '/agent' },
  agentHome: { path: '/agentHome', getHref: () => '/agentHome' },
  member: { path: '/member', getHref: (page?: MemberPage) => withQuery('/member', { page }) },
  help: { path: '/help', getHref: (section?: HelpSection) => (section ? `/help#${section}` : '/help') },
  promotions: { path: '/promotions', getHref: () => '/promotions' },
  pointMall: { path: '/pointMall', getHref: () => '/pointMall' },
  vip: { path: '/vip', getHref: () => '/vip' },
  /** Safer gambling (issue 17): limits, time-out, self-exclusion, reality check, help; `section` is an anchor. */
  saferGambling: {
    path: '/responsible-gambling',
    getHref: (section?: 'limits' | 'reality-check' | 'break' | 'history' | 'help') =>
      section ? `/responsible-gambling#${section}` : '/responsible-gambling',
  },
  seamless: { path: '/seamless', getHref: (query?: { vassalage?: string; gameCode?: string }) => withQuery('/seamless', query ?? {}) },
  favorite: { path: '/favorite', getHref: () => '/favorite' },
  recent: { path: '/recent', getHref: () => '/recent' },
  lottery: { path: '/lottery', getHref: (gameCode?: string) => withQuery('/lottery', { gameCode }) },
  seaLottery: { path: '/seaLottery', getHref: (gameCode?: string) => withQuery('/seaLottery', { gameCode }) },
  vnLottery: { path: '/vnLottery', getHref: (gameCode?: string) => withQuery('/vnLottery', { gameCode }) },
} as const;

/**
 * The page to open after a login, from the `redirect` query: a path of this site only. Anything
 * else (`//evil.example`, `/\\evil.example`, `https://...`) is refused: an open redirect would let a
 * phishing link send a member, right after typing their password, to a look-alike site. The
 * value is read the way the browser will read it (backslashes, tabs), then only its path is kept.
 */
export function toReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/')) return null;
  const base = 'http://site.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  if (url.pathname === paths.login.path || url.pathname === paths.register.path) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page of each game category; `vassalage` preselects a vendor. */
export const CATEGORY_PATHS: Record<GameCategory, string> = {
  RNG: '/rng',
  LIVE: '/live',
  FISH: '/fish',
  PVP: '/pvp',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  COCKFIGHT: '/cockfight',
  LOTT: '/lott',
  ELOTT: '/elott',
  BGS: '/bgs',
};

export function getCategoryHref(category: GameCategory, vassalage?: string): string {
  return withQuery(CATEGORY_PATHS[category], { vassalage });
}

/** Spec: "Game centre" screens (vendor lanes). */
export const GAME_CENTRE_CATEGORIES: readonly GameCategory[] = ['SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT'];
/** Spec: "Game list centre" screens (game grids). */
export const GAME_LIST_CATEGORIES: readonly GameCategory[] = ['LIVE', 'FISH', 'RNG', 'PVP', 'BGS'];

// The spec lists /lottert, evidently a slip for /lottery; both are matched so the lottery page
// gets the full width either way.
const SIDE_MENU_HIDDEN_PATHS = ['/seamless', '/lottert', '/lottery', '/vnlottery', '/sealottery'];

/** Game pages where the side menu is hidden (spec section 2), compared case-insensitively. */
export function isSideMenuHidden(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return SIDE_MENU_HIDDEN_PATHS.includes(path);
}
