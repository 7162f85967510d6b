import type { MemberInfo } from '@kismat/contracts/member';
import { create } from 'zustand';
import { clearSession, getSessionItem, getToken, isStoredAgent, isStoredTrial, SESSION_KEYS, setSessionItem } from './storage';

/** What a login (or register, free play, refresh) leaves in session storage (spec section 3). */
export interface SignInInput {
  token: string;
  nickname: string;
  account: string;
  /** The login result's userName: the name typed at login (the mobile number for mobile sign-ups). */
  username?: string;
  customerId?: number;
  isAgent: boolean;
  isTrial?: boolean;
  merchantCode?: string | null;
}

/** Login state as the shell needs it; sessionStorage stays the source of truth across reloads. */
interface SessionState {
  isLogin: boolean;
  isAgent: boolean;
  isTrial: boolean;
  nickname: string | null;
  account: string | null;
  /** Member info and state (balance, counters), once loaded. Never persisted. */
  member: MemberInfo | null;
  /** Spec: "the after-login modal flag is set" once user info loaded after a login. */
  isAfterLogin: boolean;
  /** This login was the member's first (popups of audience F). */
  isFirstLogin: boolean;
  /** A member signed out in this tab: whoever is here has an account (no visitors' welcome). */
  hasSignedOut: boolean;
  /** Called by the login flow once the token is known. */
  signIn: (session: SignInInput) => void;
  setMember: (member: MemberInfo) => void;
  setAfterLogin: (flags: { isFirstLogin: boolean }) => void;
  /** Logout and 401: clears the session keys (the merchant stays) and resets the flags. */
  signOut: () => void;
  /** Re-reads sessionStorage, e.g. after another part of the app wrote to it. */
  refresh: () => void;
}

type StoredState = Pick<SessionState, 'isLogin' | 'isAgent' | 'isTrial' | 'nickname' | 'account' | 'hasSignedOut'>;

function readSession(): StoredState {
  return {
    isLogin: getToken() !== null,
    isAgent: isStoredAgent(),
    isTrial: isStoredTrial(),
    nickname: getSessionItem(SESSION_KEYS.nickname),
    account: getSessionItem(SESSION_KEYS.account),
    hasSignedOut: getSessionItem(SESSION_KEYS.hasSignedOut) === 'true',
  };
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  ...readSession(),
  member: null,
  isAfterLogin: false,
  isFirstLogin: false,
  signIn: ({ token, nickname, account, username, customerId, isAgent, isTrial = false, merchantCode }) => {
    setSessionItem(SESSION_KEYS.token, token);
    setSessionItem(SESSION_KEYS.nickname, nickname);
    setSessionItem(SESSION_KEYS.account, account);
    setSessionItem(SESSION_KEYS.username, username ?? account);
    if (customerId !== undefined) setSessionItem(SESSION_KEYS.customerId, String(customerId));
    setSessionItem(SESSION_KEYS.isAgent, isAgent ? 'true' : 'false');
    setSessionItem(SESSION_KEYS.isTrial, isTrial ? 'true' : 'false');
    if (merchantCode) {
      setSessionItem(SESSION_KEYS.merchant, merchantCode);
      setSessionItem(SESSION_KEYS.merchantCode, merchantCode);
    }
    set({ ...readSession(), member: null, isAfterLogin: false, isFirstLogin: false });
  },
  setMember: (member) => {
    // The server's view wins: a nickname change or an upgrade shows without a new login.
    setSessionItem(SESSION_KEYS.nickname, member.nickname);
    setSessionItem(SESSION_KEYS.isAgent, member.isAgent ? 'true' : 'false');
    setSessionItem(SESSION_KEYS.isTrial, member.isTrial ? 'true' : 'false');
    set({ ...readSession(), member });
  },
  setAfterLogin: ({ isFirstLogin }) => set({ isAfterLogin: true, isFirstLogin }),
  signOut: () => {
    // A trial player who leaves free play is still a newcomer; a member is not.
    const wasMember = get().isLogin && !get().isTrial;
    clearSession();
    if (wasMember) setSessionItem(SESSION_KEYS.hasSignedOut, 'true');
    set({ ...readSession(), member: null, isAfterLogin: false, isFirstLogin: false });
  },
  refresh: () => set(readSession()),
}));
