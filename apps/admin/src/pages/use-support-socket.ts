import type { ChatRealtimeMessage } from '@kismat/contracts/live-chat';
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
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    let failures = 0;
    let isStopped = false;
    const connect = () => {
      const opened = new WebSocket(`${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`);
      socket = opened;
      opened.addEventListener('open', () => opened.send(JSON.stringify({ operator: token, merchant: code })));
      opened.addEventListener('message', (event) => {
        let message: { type?: string } | null = null;
        try {
          message = JSON.parse(String(event.data)) as { type?: string };
        } catch {
          return;
        }
        if (message?.type === 'ready') {
          failures = 0;
          setIsLive(true);
          clearInterval(ping);
          ping = setInterval(() => opened.readyState === WebSocket.OPEN && opened.send('ping'), 25_000);
          handlersRef.current.onReady();
        } else if (message?.type?.startsWith('chat.')) {
          handlersRef.current.onEvent(message as ChatRealtimeMessage);
        }
      });
      opened.addEventListener('close', () => {
        clearInterval(ping);
        setIsLive(false);
        if (isStopped) return;
        retry = setTimeout(connect, Math.min(15_000, 1000 * 2 ** failures));
        failures += 1;
      });
    };
    connect();
    return () => {
      isStopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      socket?.close();
    };
  }, [code]);
  return isLive;
}
