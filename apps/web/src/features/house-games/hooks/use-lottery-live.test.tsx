import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { houseGamesKeys, MEMBER_INFO_KEY, WALLET_BALANCE_KEY } from '../api/house-games-keys';
import { isLotteryResultMessage, useLotteryLive } from './use-lottery-live';

/** A socket the test drives: records what the page sends and lets the test push messages. */
class FakeSocket extends EventTarget {
  static instances: FakeSocket[] = [];
  readonly sent: string[] = [];
  isClosed = false;
  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.isClosed = true;
  }
  push(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }
}

const pushed = { type: 'lottery-result', gameCode: 'ELOTT_1M', issueId: '42', result: { kind: 'ELOTT', digits: [1, 2, 3, 4, 5] } };

describe('lottery results over /ws', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    sessionStorage.setItem('token', 'token-of-the-member-0123456789');
    useSessionStore.getState().refresh();
    useSessionStore.setState({ isLogin: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    useSessionStore.setState({ isLogin: false });
  });

  it('tells a lottery result from the other messages of the socket', () => {
    expect(isLotteryResultMessage(pushed)).toBe(true);
    expect(isLotteryResultMessage({ type: 'notification', notification: {} })).toBe(false);
    expect(isLotteryResultMessage({ ...pushed, result: null })).toBe(false);
    expect(isLotteryResultMessage('lottery-result')).toBe(false);
  });

  it('authenticates with the first message, hands the result over and refreshes the game and the balance', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const onResult = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { unmount } = renderHook(() => useLotteryLive(onResult), { wrapper });
    const socket = FakeSocket.instances[0];
    if (!socket) throw new Error('no socket opened');
    expect(socket.url).toMatch(/^ws:\/\/.+\/ws$/);
    act(() => socket.dispatchEvent(new Event('open')));
    expect(JSON.parse(socket.sent[0] ?? '{}')).toEqual({ token: 'token-of-the-member-0123456789' });

    act(() => {
      socket.push({ type: 'ready' });
      socket.push('not json');
      socket.push({ type: 'notification', notification: { kind: 'deposit_credited' }, balance: '1.00' });
    });
    expect(onResult).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();

    act(() => socket.push(pushed));
    expect(onResult).toHaveBeenCalledWith(pushed);
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        houseGamesKeys.lotteryTickets('ELOTT_1M'),
        houseGamesKeys.recentResults('ELOTT_1M'),
        houseGamesKeys.openedIssues('ELOTT_1M'),
        MEMBER_INFO_KEY,
        WALLET_BALANCE_KEY,
      ]),
    );
    unmount();
    expect(socket.isClosed).toBe(true);
  });

  it('opens no socket for a visitor', () => {
    useSessionStore.setState({ isLogin: false });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    );
    renderHook(() => useLotteryLive(vi.fn()), { wrapper });
    expect(FakeSocket.instances).toHaveLength(0);
  });
});
