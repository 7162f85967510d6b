import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { TransferPage } from './transfer-page';

const fetchMock = vi.fn<typeof fetch>();
const requestedPaths = () => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://site.test').pathname);

const TRANSFER_INFO = {
  available: '100.00',
  upline: { id: 1, username: 'demoagent', nickname: 'Demo Agent' },
  minAmount: '1.00',
  maxAmount: '50000.00',
  dailyMaxAmount: '100000.00',
  usedTodayAmount: '0.00',
  hasPaymentPassword: true,
};

beforeEach(() => {
  fetchMock.mockReset();
  // The server as it answers: the downline list is for agents only (requireAgent, 403).
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://site.test').pathname;
    if (path === '/wps/v2/wallets/transferInfo') return envelopeResponse(TRANSFER_INFO);
    if (path === '/wps/v2/wallets/downlines') {
      return useSessionStore.getState().isAgent
        ? envelopeResponse([{ id: 9, username: 'player9', nickname: 'Nine', depth: 1 }])
        : envelopeResponse(null, { status: 403, code: 'AGENT_ONLY', message: 'Agents only' });
    }
    return envelopeResponse(null, { status: 404, code: 'ROUTE_NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => useSessionStore.getState().signOut());
});

function signIn(isAgent: boolean) {
  act(() => useSessionStore.getState().signIn({ token: 't', nickname: 'nick', account: 'player1', isAgent }));
}

describe('Transfer fund (transferFund)', () => {
  it('tells a member that downline transfers are for agents, points to the upline transfer and never calls the agent-only list', async () => {
    signIn(false);
    renderWithProviders(<TransferPage direction="downline" />);
    expect(await screen.findByText('Transfers to downlines are for agents.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Transfer to upline' }).getAttribute('href')).toBe('/member?page=transferUpline');
    // Give any query the page would start a chance to run before saying none did.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requestedPaths()).not.toContain('/wps/v2/wallets/downlines');
  });

  it('lets an agent pick a downline from its list', async () => {
    signIn(true);
    renderWithProviders(<TransferPage direction="downline" />);
    expect(await screen.findByRole('option', { name: /player9/ })).toBeTruthy();
    await waitFor(() => expect(requestedPaths()).toContain('/wps/v2/wallets/downlines'));
  });
});

describe('Transfer to upline: the form checks with the contract parser (issue 13 item 7)', () => {
  const posted = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

  async function submit(amount: string, paymentPassword = '123456') {
    fireEvent.change(await screen.findByRole('textbox', { name: /Amount/ }), { target: { value: amount } });
    fireEvent.change(screen.getByLabelText(/Payment password/), { target: { value: paymentPassword } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
  }

  // The message sits under the amount field and marks it invalid (the old form showed one line
  // above the button, tied to no field).
  it.each(['100.001', '0.30000000000000004', '1e3', '0.99'])('refuses %j under the amount field and sends nothing', async (amount) => {
    signIn(false);
    renderWithProviders(<TransferPage direction="upline" />);
    await submit(amount);
    const message = await screen.findByText('Enter an amount from 1.00 to 50,000.00');
    const input = screen.getByRole('textbox', { name: /Amount/ });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    expect(posted()).toEqual([]);
  });

  it('asks for the payment password in the member language, then sends a valid amount', async () => {
    signIn(false);
    renderWithProviders(<TransferPage direction="upline" />);
    await submit('1,000.5', '');
    expect(await screen.findByText('Enter your payment password')).toBeTruthy();
    expect(posted()).toEqual([]);
    fireEvent.change(screen.getByLabelText(/Payment password/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(screen.queryByText('Enter your payment password')).toBeNull());
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(1));
  });
});
