import { DEFAULT_LANGUAGE, type Language, parseLanguage } from '@kismat/contracts/languages';

/**
 * Browser storage keys, exactly as spec section 3 lists them. The session keys live in
 * sessionStorage so a closed tab forgets the login; only the merchant code and the language
 * choices outlive the tab.
 */
export const SESSION_KEYS = {
  token: 'token',
  nickname: 'nickname',
  account: 'account',
  username: 'username',
  customerId: 'customerId',
  isAgent: 'isAgent',
  /** Not in the spec's list: the trial flag must survive a reload before member info returns. */
  isTrial: 'isTrial',
  /**
   * Not in the spec's list: an agent's invitation code from the link the visitor came by
   * (?referralCode= or ?affiliateCode= on any page), kept through language changes, reloads and
   * other pages until the visitor registers (lib/invitation-code.ts).
   */
  invitationCode: 'invitationCode',
  /**
   * Not in the spec's list: a member signed out in this tab. Its owner has an account, so the
   * visitors' welcome (announcement audience B, "New here?") no longer greets them as new.
   */
  hasSignedOut: 'signedOut',
  merchant: 'merchant',
  merchantCode: 'merchantCode',
  consolidated: 'consolidated',
  enableSalary: 'enableSalary',
  enableContract: 'enableContract',
  merchantWallet: 'merchantWallet',
  gameVendor: 'gameVendor',
  validate: 'validate',
  hotGames: 'hotGames',
} as const;
export type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

/** Popup-closed markers: one key per announcement popup the member closed this session. */
export const POPUP_CLOSED_PREFIX = 'popupClosed:';

export const LOCAL_KEYS = {
  merchantCode: 'merchantCode',
  lang: 'lang',
  hisLang: 'hisLang',
  previousLang: 'prevLang',
  /**
   * Remember-password: the spec's "remember" prefills the username (the password is never
   * stored; the server keeps the member signed in through an HttpOnly cookie instead).
   */
  rememberedUsername: 'rememberedUsername',
  /**
   * Not in the spec's list: a random id of this browser, sent as X-Device-Id so invite friends can
   * hold a friend who registers on the inviter's own device for review. It identifies nothing else.
   */
  deviceId: 'deviceId',
  /** A visitor's signed live-chat id (issue 18): the same chat after a reload. */
  chatGuestId: 'chatGuestId',
} as const;
export type LocalKey = (typeof LOCAL_KEYS)[keyof typeof LOCAL_KEYS];

/**
 * Logout keeps the merchant (spec section 4) so the next request still reaches the same site,
 * and the signed-out marker, which logout itself sets.
 */
const KEPT_ON_LOGOUT: readonly string[] = [SESSION_KEYS.merchant, SESSION_KEYS.merchantCode, SESSION_KEYS.hasSignedOut];

// Storage can throw (Safari private mode, disabled cookies); the site must still work without it.
function safeGet(store: Storage | undefined, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function safeSet(store: Storage | undefined, key: string, value: string): void {
  try {
    store?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the value simply is not remembered.
  }
}

function safeRemove(store: Storage | undefined, key: string): void {
  try {
    store?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

function sessionStore(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.sessionStorage;
}

function localStore(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

export function getSessionItem(key: SessionKey): string | null {
  return safeGet(sessionStore(), key);
}

export function setSessionItem(key: SessionKey, value: string): void {
  safeSet(sessionStore(), key, value);
}

export function removeSessionItem(key: SessionKey): void {
  safeRemove(sessionStore(), key);
}

export function getLocalItem(key: LocalKey): string | null {
  return safeGet(localStore(), key);
}

export function setLocalItem(key: LocalKey, value: string): void {
  safeSet(localStore(), key, value);
}

export function getToken(): string | null {
  const token = getSessionItem(SESSION_KEYS.token);
  return token ? token : null;
}

export function hasToken(): boolean {
  return getToken() !== null;
}

/** The agent flag is stored as the string 'true' (spec: isAgent !== 'true' means not an agent). */
export function isStoredAgent(): boolean {
  return getSessionItem(SESSION_KEYS.isAgent) === 'true';
}

export function isStoredTrial(): boolean {
  return getSessionItem(SESSION_KEYS.isTrial) === 'true';
}

export function removeLocalItem(key: LocalKey): void {
  safeRemove(localStore(), key);
}

export function isPopupClosed(popupId: string): boolean {
  return safeGet(sessionStore(), `${POPUP_CLOSED_PREFIX}${popupId}`) === '1';
}

export function markPopupClosed(popupId: string): void {
  safeSet(sessionStore(), `${POPUP_CLOSED_PREFIX}${popupId}`, '1');
}

/** Clears every session key except the merchant ones (logout and 401). */
export function clearSession(): void {
  const store = sessionStore();
  if (!store) return;
  try {
    const keys: string[] = [];
    for (let index = 0; index < store.length; index += 1) {
      const key = store.key(index);
      if (key !== null && !KEPT_ON_LOGOUT.includes(key)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  } catch {
    // Storage unavailable: there is nothing stored to clear.
  }
}

/** The merchant the server resolved: kept in the session and, across tabs, in localStorage. */
export function storeMerchantCode(code: string): void {
  setSessionItem(SESSION_KEYS.merchant, code);
  setSessionItem(SESSION_KEYS.merchantCode, code);
  setLocalItem(LOCAL_KEYS.merchantCode, code);
}

export function getMerchantCode(): string | null {
  return getSessionItem(SESSION_KEYS.merchantCode) ?? getLocalItem(LOCAL_KEYS.merchantCode);
}

/** The stored language (lang, then hisLang), else the default BN. */
export function getStoredLanguage(): Language {
  const stored = getLocalItem(LOCAL_KEYS.lang) ?? getLocalItem(LOCAL_KEYS.hisLang);
  return stored ? parseLanguage(stored) : DEFAULT_LANGUAGE;
}

/** Stores the new language under lang and hisLang and keeps the one it replaces. */
export function storeLanguage(language: Language): void {
  const current = getLocalItem(LOCAL_KEYS.lang);
  if (current && current !== language) setLocalItem(LOCAL_KEYS.previousLang, current);
  setLocalItem(LOCAL_KEYS.lang, language);
  setLocalItem(LOCAL_KEYS.hisLang, language);
}

export function getPreviousLanguage(): Language | null {
  const previous = getLocalItem(LOCAL_KEYS.previousLang);
  return previous ? parseLanguage(previous) : null;
}

/** This browser's device id (16 random bytes as hex), made on first use and kept in localStorage. */
export function getDeviceId(): string | null {
  const stored = getLocalItem(LOCAL_KEYS.deviceId);
  if (stored && /^[0-9a-f]{32}$/.test(stored)) return stored;
  if (typeof crypto === 'undefined' || typeof crypto.getRandomValues !== 'function') return null;
  const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  setLocalItem(LOCAL_KEYS.deviceId, id);
  return id;
}
