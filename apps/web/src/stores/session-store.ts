import { create } from 'zustand';
import { clearSession, getSessionItem, getToken, isStoredAgent, SESSION_KEYS, setSessionItem } from '@/lib/storage';

/** Login state as the shell needs it; sessionStorage stays the source of truth across reloads. */
interface SessionState {
  isLogin: boolean;
  isAgent: boolean;
  nickname: string | null;
  account: string | null;
  /** Called by the login flow once the token and member info are stored. */
  signIn: (session: { token: string; nickname: string; account: string; isAgent: boolean }) => void;
  /** Logout and 401: clears the session keys (the merchant stays) and resets the flags. */
  signOut: () => void;
  /** Re-reads sessionStorage, e.g. after another part of the app wrote to it. */
  refresh: () => void;
}

function readSession(): Pick<SessionState, 'isLogin' | 'isAgent' | 'nickname' | 'account'> {
  return {
    isLogin: getToken() !== null,
    isAgent: isStoredAgent(),
    nickname: getSessionItem(SESSION_KEYS.nickname),
    account: getSessionItem(SESSION_KEYS.account),
  };
}

export const useSessionStore = create<SessionState>()((set) => ({
  ...readSession(),
  signIn: ({ token, nickname, account, isAgent }) => {
    setSessionItem(SESSION_KEYS.token, token);
    setSessionItem(SESSION_KEYS.nickname, nickname);
    setSessionItem(SESSION_KEYS.account, account);
    setSessionItem(SESSION_KEYS.username, account);
    setSessionItem(SESSION_KEYS.isAgent, isAgent ? 'true' : 'false');
    set(readSession());
  },
  signOut: () => {
    clearSession();
    set(readSession());
  },
  refresh: () => set(readSession()),
}));
