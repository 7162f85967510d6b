import { useEffect, useRef } from 'react';
import { useSessionStore } from '@/stores/session-store';
import { getToken } from '@/stores/storage';
import { openSiteSocket } from './site-socket';

const RECONNECT_MS = 5000;
/** The server's close code for a socket whose session ended (logout elsewhere, password change). */
const SESSION_ENDED_CLOSE_CODE = 4401;

/**
 * A logged-in member's /ws connection: the token goes in the first message (never the URL, so it
 * never lands in access logs), every parsed JSON message goes to `onMessage`, and a dropped
 * connection is opened again after 5 s until the member logs out or the caller unmounts. A
 * socket the server closed because its session ended is not reopened with the same token.
 * Unreadable frames are skipped; each caller guards the message types it handles.
 */
export function useMemberSocket(onMessage: (message: unknown) => void): void {
  const isLogin = useSessionStore((state) => state.isLogin);
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;
  useEffect(() => {
    if (!isLogin || typeof WebSocket === 'undefined') return;
    let token: string | null = null;
    return openSiteSocket({
      hello: () => {
        token = getToken();
        return { token };
      },
      onMessage: (message) => onMessageRef.current(message),
      // A session that ended stays ended: retrying with the same token would only be refused
      // every 5 s. A rotated token (refresh) is worth a new connection.
      retryAfter: (event) => (event.code === SESSION_ENDED_CLOSE_CODE && getToken() === token ? null : RECONNECT_MS),
    });
  }, [isLogin]);
}
