import type { ChatRealtimeMessage } from '@kismat/contracts/live-chat';
import { keepRealtimeConnection, realtimeUrlOf } from '@kismat/contracts/realtime-client';
import { useEffect, useRef, useState } from 'react';
import { getToken } from '../api';

/**
 * The console's /ws connection for one merchant: `{ operator, merchant }` as the first message
 * (the server checks the operator's scope and keeps its presence, so members see "online" while
 * a console is open). Chat events of that merchant go to `onEvent`; `onReady` runs on every
 * (re)connect so the page can reload what it missed. Retries with growing waits.
 */
export function useSupportSocket(code: string | null, handlers: { onEvent: (event: ChatRealtimeMessage) => void; onReady: () => void }) {
  const [isLive, setIsLive] = useState(false);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  useEffect(() => {
    const token = getToken();
    if (!code || !token) return;
    const stop = keepRealtimeConnection({
      url: realtimeUrlOf(window.location),
      hello: { operator: token, merchant: code },
      onReady: () => {
        setIsLive(true);
        handlersRef.current.onReady();
      },
      onMessage: (message) => {
        const type = (message as { type?: unknown } | null)?.type;
        if (typeof type === 'string' && type.startsWith('chat.')) handlersRef.current.onEvent(message as ChatRealtimeMessage);
      },
      onDrop: () => setIsLive(false),
    });
    return () => {
      stop();
      setIsLive(false);
    };
  }, [code]);
  return isLive;
}
