import { CASHIER_PATHS, type DepositChannelValue, type DepositValue } from '@kismat/contracts/cashier';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import bn from '@/locales/bn.json';
import en from '@/locales/en.json';
import sw from '@/locales/sw.json';
import { useSessionStore } from '@/stores/session-store';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { DepositPage } from './deposit-page';

const BKASH_ONLINE: DepositChannelValue = {
  id: 9,
  code: 'bkash_online',
  kind: 'gateway',
  name: 'bKash payment',
  minAmount: '100.00',
  maxAmount: '25000.00',
  instructions: 'Pay on bKash’s page.',
  accountName: null,
  accountNumber: null,
  isSandbox: false,
  provider: 'bkash',
};

function order(id: number, status: DepositValue['status']): DepositValue {
  return {
    id,
    channelId: 9,
    channelName: 'bKash payment',
    channelKind: 'gateway',
    amount: '500.00',
    reference: null,
    hasProof: false,
    status,
    payUrl: status === 'pending' ? `http://fake.test/fake-bkash/checkout-page?paymentId=TR0011X${id}` : null,
    isSandbox: false,
    provider: 'bkash',
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
    if (path === CASHIER_PATHS.depositChannels) return envelopeResponse([BKASH_ONLINE]);
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

describe('bKash (online) on the deposit page (issue 22)', () => {
  it('shows the channel with the bKash logo and sends the member to bKash’s checkout page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithProviders(<DepositPage />);
    const channel = await screen.findByRole('button', { name: /bKash payment/ });
    expect(within(channel).getByTestId('provider-logo-bkash')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay online' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://fake.test/fake-bkash/checkout-page?paymentId=TR0011X31'));
  });

  it('back from bKash: the result page shows the credited order and the balance', async () => {
    listed = [order(31, 'approved')];
    renderWithProviders(<DepositPage />, { route: '/member?page=depositv2&depositResult=31' });
    const result = await screen.findByTestId('deposit-result');
    expect(result.getAttribute('data-outcome')).toBe('credited');
    expect(within(result).getByText(/bKash confirmed your payment. Order #31/)).toBeTruthy();
    expect(await within(result).findByTestId('deposit-result-balance')).toBeTruthy();
    expect(within(result).getByTestId('deposit-result-balance').textContent).toContain('500');
  });

  it('a cancelled payment and an unmatched return say so', async () => {
    listed = [order(32, 'failed')];
    const failed = renderWithProviders(<DepositPage />, { route: '/member?page=depositv2&depositResult=32' });
    expect((await screen.findByTestId('deposit-result')).getAttribute('data-outcome')).toBe('failed');
    failed.unmount();
    renderWithProviders(<DepositPage />, { route: '/member?page=depositv2&depositResult=0' });
    expect((await screen.findByTestId('deposit-result')).getAttribute('data-outcome')).toBe('unknown');
  });

  it('has the result texts in BN, EN and SW', () => {
    for (const locale of [bn, en, sw]) {
      for (const outcome of ['credited', 'pending', 'failed', 'unknown']) {
        expect((locale.wallet.depositResult as Record<string, string>)[`${outcome}Title`]).toBeTruthy();
        expect((locale.wallet.depositResult as Record<string, string>)[`${outcome}Text`]).toBeTruthy();
      }
    }
  });
});
