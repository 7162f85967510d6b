import { useEffect, useRef, useState } from 'react';
import { type ChatIdentity, socketHello } from '../api/chat-identity';

/** connecting: first connection; live: authenticated; reconnecting: dropped, trying again. */
export type ChatSocketStatus = 'connecting' | 'live' | 'reconnecting';

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 15_000;
const PING_MS = 25_000;

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
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    let failures = 0;
    let isStopped = false;
    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const opened = new WebSocket(`${scheme}://${window.location.host}/ws`);
      socket = opened;
      opened.addEventListener('open', () => opened.send(JSON.stringify(socketHello(identity))));
      opened.addEventListener('message', (event) => {
        let message: unknown;
        try {
          message = JSON.parse(String(event.data));
        } catch {
          return;
        }
        const type = (message as { type?: unknown } | null)?.type;
        if (type === 'ready') {
          failures = 0;
          setStatus('live');
          clearInterval(ping);
          ping = setInterval(() => opened.readyState === WebSocket.OPEN && opened.send('ping'), PING_MS);
          handlersRef.current.onReady();
          return;
        }
        if (type === 'error' && (message as { code?: unknown }).code === 'AUTH_REQUIRED') {
          handlersRef.current.onRefused();
          return;
        }
        handlersRef.current.onMessage(message);
      });
      opened.addEventListener('close', () => {
        clearInterval(ping);
        if (isStopped) return;
        setStatus('reconnecting');
        const wait = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);
        failures += 1;
        retry = setTimeout(connect, wait);
      });
    };
    connect();
    return () => {
      isStopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      socket?.close();
    };
  }, [identity]);
  return status;
}
