import { CASHIER_PATHS, type DepositChannelValue, type DepositValue } from '@kismat/contracts/cashier';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import bn from '@/locales/bn.json';
import en from '@/locales/en.json';
import sw from '@/locales/sw.json';
import { useSessionStore } from '@/stores/session-store';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { DepositPage } from './deposit-page';

const NAGAD_ONLINE: DepositChannelValue = {
  id: 9,
  code: 'nagad-online',
  kind: 'gateway',
  name: 'Nagad (online)',
  minAmount: '100.00',
  maxAmount: '25000.00',
  instructions: 'Pay on Nagad’s page with your PIN.',
  accountName: null,
  accountNumber: null,
  isSandbox: false,
  provider: 'nagad',
};

function order(id: number, status: DepositValue['status']): DepositValue {
  return {
    id,
    channelId: 9,
    channelName: 'Nagad (online)',
    channelKind: 'gateway',
    amount: '500.00',
    reference: null,
    hasProof: false,
    status,
    payUrl: status === 'pending' ? `/fake-nagad/fake-checkout/2026112700000${id}ABCDEF` : null,
    isSandbox: false,
    provider: 'nagad',
    expiresAt: '2025-06-01T10:30:00.000Z',
    paidAfter: null,
    createdAt: '2025-06-01T10:00:00.000Z',
    resolvedAt: status === 'pending' ? null : '2025-06-01T10:02:00.000Z',
  };
}

const fetchMock = vi.fn<typeof fetch>();
let listed: DepositValue[] = [];

beforeEach(() => {
  listed = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://site.test').pathname;
    if (init?.method === 'POST' && path === CASHIER_PATHS.deposits) {
      listed = [order(31, 'pending')];
      return envelopeResponse(listed[0]);
    }
    if (path === CASHIER_PATHS.depositChannels) return envelopeResponse([NAGAD_ONLINE]);
    if (path === CASHIER_PATHS.deposits) return envelopeResponse(listed);
    if (path === CASHIER_PATHS.balance) {
      return envelopeResponse({
        currency: 'BDT',
        currencySymbol: '৳',
        balance: '500.00',
        cash: '500.00',
        held: '0.00',
        bonus: '0.00',
        trial: '0.00',
        points: '0',
      });
    }
    return envelopeResponse(null, { status: 404, code: 'ROUTE_NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  act(() => useSessionStore.getState().signIn({ token: 't', nickname: 'nick', account: 'player1', isAgent: false }));
});

afterEach(() => {
  act(() => useSessionStore.getState().signOut());
  vi.unstubAllGlobals();
});

describe('Nagad (online) on the deposit page (issue 22)', () => {
  it('shows the channel with the Nagad mark and sends the member to Nagad’s checkout page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithProviders(<DepositPage />);
    const channel = await screen.findByRole('button', { name: /Nagad \(online\)/ });
    expect(within(channel).getByTestId('provider-logo-nagad')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay online' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/fake-nagad/fake-checkout/202611270000031ABCDEF'));
  });

  it('back from Nagad: the result page names Nagad, not bKash', async () => {
    listed = [order(31, 'approved')];
    renderWithProviders(<DepositPage />, { route: '/member?page=depositv2&depositResult=31' });
    const result = await screen.findByTestId('deposit-result');
    expect(result.getAttribute('data-outcome')).toBe('credited');
    expect(within(result).getByText(/Nagad confirmed your payment. Order #31/)).toBeTruthy();
    expect(result.textContent).not.toContain('bKash');
  });

  it('names each provider in BN, EN and SW, and every result text takes the provider', () => {
    for (const locale of [bn, en, sw]) {
      const names = locale.wallet.providerNames as Record<string, string>;
      for (const provider of ['bkash', 'nagad', 'mpesa', 'generic']) expect(names[provider]).toBeTruthy();
      for (const outcome of ['credited', 'pending', 'failed', 'unknown']) {
        expect((locale.wallet.depositResult as Record<string, string>)[`${outcome}Text`]).toContain('{{provider}}');
      }
    }
  });
});
