import type { MemberInfo } from '@kismat/contracts/member';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWalletLive } from '@/features/wallet/hooks/use-wallet-live';
import { useSessionStore } from '@/stores/session-store';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { BalancePill } from './balance-pill';

/** A socket the test drives: records what the page sends and lets the test push messages. */
class FakeSocket extends EventTarget {
  static instances: FakeSocket[] = [];
  readonly sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
  push(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
}

const fetchMock = vi.fn<typeof fetch>();
const balanceCalls = () => fetchMock.mock.calls.filter(([input]) => String(input) === '/wps/v2/wallets/balance').length;

/** The header balance and the shell's live listener, as the app mounts them on every page. */
function HeaderWithLiveBalance() {
  useWalletLive();
  const member = useSessionStore((state) => state.member);
  return <BalancePill member={member} isRefreshing={false} onRefresh={() => undefined} />;
}

function signIn(member: Partial<MemberInfo>) {
  useSessionStore.getState().signIn({ token: 'token-of-the-member-0123456789', nickname: 'Lucky', account: 'lucky01', isAgent: false });
  useSessionStore.getState().setMember({
    nickname: 'Lucky',
    isAgent: false,
    isTrial: false,
    balance: '100.00',
    trialBalance: '0.00',
    currencySymbol: '৳',
    ...member,
  } as MemberInfo);
}

function openSocket(): FakeSocket {
  const socket = FakeSocket.instances[0];
  if (!socket) throw new Error('no socket opened');
  act(() => socket.dispatchEvent(new Event('open')));
  act(() => socket.push({ type: 'ready' }));
  return socket;
}

describe('header balance follows play without a manual refresh (issue 12 items 4 and 11)', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/wps/v2/wallets/balance'
        ? envelopeResponse({
            currency: 'BDT',
            currencySymbol: '৳',
            balance: '77.00',
            cash: '77.00',
            held: '0.00',
            bonus: '0.00',
            trial: '0.00',
            points: '0',
          })
        : envelopeResponse(null),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.getState().signOut();
  });

  it('moves to the balance a vendor round pushed, with no request from the page', () => {
    signIn({ balance: '100.00' });
    renderWithProviders(<HeaderWithLiveBalance />);
    expect(screen.getByText('100.00')).toBeTruthy();
    const socket = openSocket();
    act(() => socket.push({ type: 'balance', balance: '115.50', trialBalance: '0.00' }));
    expect(screen.getByText('115.50')).toBeTruthy();
    expect(balanceCalls()).toBe(0);
    // Anything else of that type is not a balance.
    act(() => socket.push({ type: 'balance', balance: 'lots', trialBalance: '0.00' }));
    expect(screen.getByText('115.50')).toBeTruthy();
  });

  it('in trial play shows the play money (from member info and from pushes), not the empty cash balance', () => {
    signIn({ isTrial: true, balance: '0.00', trialBalance: '2000.00' });
    renderWithProviders(<HeaderWithLiveBalance />);
    expect(screen.getByText('2,000.00')).toBeTruthy();
    expect(screen.queryByText('0.00')).toBeNull();
    const socket = openSocket();
    act(() => socket.push({ type: 'balance', balance: '0.00', trialBalance: '1985.00' }));
    expect(screen.getByText('1,985.00')).toBeTruthy();
  });

  it('reads the balance once on return to the tab (a game in another window), and after a reconnect', async () => {
    signIn({ balance: '100.00' });
    renderWithProviders(<HeaderWithLiveBalance />);
    const socket = openSocket();
    expect(balanceCalls()).toBe(0);
    act(() => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(screen.getByText('77.00')).toBeTruthy());
    expect(balanceCalls()).toBe(1);

    // The socket dropped and came back: pushes may have been missed.
    act(() => socket.push({ type: 'ready' }));
    await waitFor(() => expect(balanceCalls()).toBe(2));
  });
});
