import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepRealtimeConnection, type RealtimeSocket, realtimeUrlOf } from './realtime-client';

/** A socket the test drives: what the client sent, and the events it listens to. */
class FakeSocket implements RealtimeSocket {
  readyState = 0;
  sent: string[] = [];
  isClosed = false;
  private listeners = new Map<string, ((event: { data: unknown }) => void)[]>();
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.isClosed = true;
    this.emit('close');
  }
  addEventListener(type: string, listener: (event: { data: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: 'open' | 'close' | 'message', data?: unknown) {
    if (type === 'open') this.readyState = 1;
    if (type === 'close') this.readyState = 3;
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
}

function connection() {
  const sockets: FakeSocket[] = [];
  const events: string[] = [];
  const messages: unknown[] = [];
  const stop = keepRealtimeConnection({
    url: 'wss://site.test/ws',
    hello: { token: 't1' },
    onReady: () => events.push('ready'),
    onMessage: (message) => messages.push(message),
    onDrop: () => events.push('drop'),
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
  return { sockets, events, messages, stop, last: () => sockets[sockets.length - 1] as FakeSocket };
}

describe('keepRealtimeConnection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says hello first, pings every 25 s once ready, and passes the other messages on', () => {
    const { sockets, events, messages, last } = connection();
    expect(sockets.map((socket) => socket.url)).toEqual(['wss://site.test/ws']);
    last().emit('open');
    expect(last().sent).toEqual(['{"token":"t1"}']);
    vi.advanceTimersByTime(30_000);
    expect(last().sent).toHaveLength(1);

    last().emit('message', '{"type":"ready"}');
    last().emit('message', '{"type":"chat.message","id":7}');
    last().emit('message', 'not json');
    last().emit('message', 'null');
    expect(events).toEqual(['ready']);
    expect(messages).toEqual([{ type: 'chat.message', id: 7 }, null]);
    vi.advanceTimersByTime(50_000);
    expect(last().sent).toEqual(['{"token":"t1"}', 'ping', 'ping']);
  });

  it('opens again after a drop with growing waits, back to the first wait after a ready', () => {
    const { sockets, events, last } = connection();
    last().emit('close');
    expect(events).toEqual(['drop']);
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().emit('close');
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    for (let drop = 0; drop < 6; drop += 1) {
      last().emit('close');
      vi.advanceTimersByTime(15_000);
    }
    expect(sockets).toHaveLength(9);

    last().emit('open');
    last().emit('message', '{"type":"ready"}');
    last().emit('close');
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(10);
    // No ping goes to a closed socket.
    vi.advanceTimersByTime(60_000);
    expect(sockets[8]?.sent).toEqual(['{"token":"t1"}']);
  });

  it('stops for good: the socket closes, no drop is told, nothing opens again', () => {
    const { sockets, events, stop, last } = connection();
    last().emit('open');
    last().emit('message', '{"type":"ready"}');
    stop();
    expect(last().isClosed).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
    expect(events).toEqual(['ready']);
    expect(last().sent).toEqual(['{"token":"t1"}']);
  });

  it('names the page host, wss behind https', () => {
    expect(realtimeUrlOf({ protocol: 'https:', host: 'kismat.test' })).toBe('wss://kismat.test/ws');
    expect(realtimeUrlOf({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
  });
});
