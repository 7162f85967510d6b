import { keepRealtimeConnection, realtimeUrlOf } from '@kismat/contracts/realtime-client';
import { useEffect, useRef, useState } from 'react';
import { type ChatIdentity, socketHello } from '../api/chat-identity';

/** connecting: first connection; live: authenticated; reconnecting: dropped, trying again. */
export type ChatSocketStatus = 'connecting' | 'live' | 'reconnecting';

/**
 * The chat's /ws connection for a member (session token) or a visitor (signed guest id), sent as
 * the first message. `onReady` runs on every (re)authenticated connection, so the room can ask
 * for what it missed while it was away (catch-up by seq); every parsed message goes to
 * `onMessage`. A dropped connection is retried with growing waits while the page is open.
 */
export function useChatSocket(
  identity: ChatIdentity | null,
  handlers: { onMessage: (message: unknown) => void; onReady: () => void; onRefused: () => void },
): ChatSocketStatus {
  const [status, setStatus] = useState<ChatSocketStatus>('connecting');
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  useEffect(() => {
    if (!identity || typeof WebSocket === 'undefined') return;
    return keepRealtimeConnection({
      url: realtimeUrlOf(window.location),
      hello: socketHello(identity),
      onReady: () => {
        setStatus('live');
        handlersRef.current.onReady();
      },
      onMessage: (message) => {
        const { type, code } = (message ?? {}) as { type?: unknown; code?: unknown };
        if (type === 'error' && code === 'AUTH_REQUIRED') handlersRef.current.onRefused();
        else handlersRef.current.onMessage(message);
      },
      onDrop: () => setStatus('reconnecting'),
    });
  }, [identity]);
  return status;
}
