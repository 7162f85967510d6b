/*
 * The browser side of the server's /ws connection (apps/server/src/platform/realtime), shared by
 * the member site's chat and the back office's support console: the first message authenticates
 * (`hello`), the server answers `{ type: 'ready' }`, the client pings every 25 s so proxies keep
 * the socket open, and a dropped connection is opened again with growing waits (1 s, 2 s, 4 s ...
 * up to 15 s; back to 1 s after the next `ready`). Framework-free, so both React apps wrap it in
 * their own hook.
 */

export const REALTIME_PING_MS = 25_000;
export const REALTIME_FIRST_RETRY_MS = 1000;
export const REALTIME_MAX_RETRY_MS = 15_000;
/** WebSocket.OPEN, named here because this package is built without the DOM's types. */
const OPEN = 1;

// The timers every browser has (this package is built without the DOM's or Node's types).
declare function setTimeout(callback: () => void, ms: number): unknown;
declare function clearTimeout(handle: unknown): void;
declare function setInterval(callback: () => void, ms: number): unknown;
declare function clearInterval(handle: unknown): void;

/** The part of the browser's WebSocket this client uses. */
export interface RealtimeSocket {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  addEventListener(type: 'open' | 'close', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/** The /ws address on the page's own host: wss behind https. */
export function realtimeUrlOf(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

function openBrowserSocket(url: string): RealtimeSocket {
  const { WebSocket } = globalThis as unknown as { WebSocket: new (address: string) => RealtimeSocket };
  return new WebSocket(url);
}

/**
 * Keeps one /ws connection open until the returned stop is called. `onReady` runs on every
 * (re)authenticated connection, so the caller can catch up on what it missed while away;
 * every other message that parses as JSON goes to `onMessage`; `onDrop` runs when a connection
 * closes while it is still wanted (a retry is then scheduled).
 */
export function keepRealtimeConnection(options: {
  url: string;
  hello: unknown;
  onReady: () => void;
  onMessage: (message: unknown) => void;
  onDrop: () => void;
  openSocket?: (url: string) => RealtimeSocket;
}): () => void {
  const openSocket = options.openSocket ?? openBrowserSocket;
  let socket: RealtimeSocket | null = null;
  let retry: unknown;
  let ping: unknown;
  let failures = 0;
  let isStopped = false;
  const connect = () => {
    const opened = openSocket(options.url);
    socket = opened;
    opened.addEventListener('open', () => opened.send(JSON.stringify(options.hello)));
    opened.addEventListener('message', (event) => {
      let message: unknown;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if ((message as { type?: unknown } | null)?.type !== 'ready') {
        options.onMessage(message);
        return;
      }
      failures = 0;
      clearInterval(ping);
      ping = setInterval(() => opened.readyState === OPEN && opened.send('ping'), REALTIME_PING_MS);
      options.onReady();
    });
    opened.addEventListener('close', () => {
      clearInterval(ping);
      if (isStopped) return;
      options.onDrop();
      const wait = Math.min(REALTIME_MAX_RETRY_MS, REALTIME_FIRST_RETRY_MS * 2 ** failures);
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
}
