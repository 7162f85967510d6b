const JSON_FRAME_SKIPPED = Symbol('unreadable frame');

function parseFrame(data: unknown): unknown {
  try {
    return JSON.parse(String(data));
  } catch {
    return JSON_FRAME_SKIPPED;
  }
}

/**
 * Opens this site's /ws: `hello()` is sent as the first message of every connection, every frame
 * that parses as JSON goes to `onMessage` (unreadable frames are skipped), and after a close the
 * socket is opened again once `retryAfter(event)` milliseconds have passed (null: it stays closed).
 * Returns the function that closes it for good.
 */
export function openSiteSocket({
  hello,
  onMessage,
  retryAfter,
}: {
  hello: () => unknown;
  onMessage: (message: unknown) => void;
  retryAfter: (event: CloseEvent) => number | null;
}): () => void {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;
  const connect = () => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const first = hello();
    socket = new WebSocket(`${scheme}://${window.location.host}/ws`);
    socket.addEventListener('open', () => socket?.send(JSON.stringify(first)));
    socket.addEventListener('message', (event) => {
      const message = parseFrame(event.data);
      if (message !== JSON_FRAME_SKIPPED) onMessage(message);
    });
    socket.addEventListener('close', (event) => {
      const wait = retryAfter(event);
      if (!isStopped && wait !== null) timer = setTimeout(connect, wait);
    });
  };
  connect();
  return () => {
    isStopped = true;
    clearTimeout(timer);
    socket?.close();
  };
}
