/** Business constants of spec section 9, shared by server and web. */
export const PAGE_SIZE = {
  ANNOUNCEMENTS: 9,
  NOTICES: 9,
  GAMES: 20,
  RECENT: 20,
  WINNERS: 20,
  FAVOURITES: 999,
} as const;

export const THROTTLE_MS = { FAVOURITE: 1000, SMS_BUTTON: 1000, CAPTCHA_REFRESH: 1000 } as const;

export const FEEDBACK = { MAX_LENGTH: 200, HINT_MIN: 20 } as const;
export const VERIFICATION_CODE_MAX_LENGTH = 255;
export const SMS_LOCKOUT_MINUTES = 5;
export const REMEMBER_ME_DAYS = 1;
export const FORCED_CHANGE_PASSWORD = '123456';
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PLATFORM = 'WEB';
export const COPYRIGHT_YEAR = 2025;

/** Member types (spec section 3). */
export const MEMBER_TYPE = { MEMBER: 0, AGENT_1: 1, AGENT_2: 2, TRIAL: 4, AGENT_41: 41, AGENT_42: 42 } as const;
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];

/** Game categories, in the home page's row order first. */
export const GAME_CATEGORIES = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT', 'BGS'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];
export const HOME_ROWS: readonly GameCategory[] = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT'];

/** Customer-service entry types (spec section 2, side menu). */
export const CUSTOMER_SERVICE_TYPES = ['LIVECHAT', 'FACEBOOK', 'TELEGRAM', 'WHATSAPP'] as const;
