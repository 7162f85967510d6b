import { CASHIER_PATHS, type DepositChannelValue, type DepositValue } from '@kismat/contracts/cashier';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { DepositPage } from '../components/deposit-page';

/*
 * The cashier of a deposit-page test with one online (gateway) channel: a signed-in member, the
 * channel list, the member's orders and a 500 balance. Creating a deposit lists order #31 pending.
 */

export interface GatewayProvider {
  code: string;
  name: string;
  instructions: string;
  provider: string;
  /** Where the provider's checkout page of order `id` is. */
  payUrl: (id: number) => string;
}

export function gatewayChannel({ code, name, instructions, provider }: GatewayProvider): DepositChannelValue {
  return {
    id: 9,
    code,
    kind: 'gateway',
    name,
    minAmount: '100.00',
    maxAmount: '25000.00',
    instructions,
    accountName: null,
    accountNumber: null,
    isSandbox: false,
    provider,
  };
}

export function gatewayOrder(gateway: GatewayProvider, id: number, status: DepositValue['status']): DepositValue {
  return {
    id,
    channelId: 9,
    channelName: gateway.name,
    channelKind: 'gateway',
    amount: '500.00',
    reference: null,
    hasProof: false,
    status,
    payUrl: status === 'pending' ? gateway.payUrl(id) : null,
    isSandbox: false,
    provider: gateway.provider,
    expiresAt: '2025-06-01T10:30:00.000Z',
    paidAfter: null,
    createdAt: '2025-06-01T10:00:00.000Z',
    resolvedAt: status === 'pending' ? null : '2025-06-01T10:02:00.000Z',
  };
}

/** Installs the fake cashier around each test; `list` sets the orders the member has. */
export function installGatewayCashier(gateway: GatewayProvider): { list: (orders: DepositValue[]) => void } {
  const fetchMock = vi.fn<typeof fetch>();
  let listed: DepositValue[] = [];

  beforeEach(() => {
    listed = [];
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://site.test').pathname;
      if (init?.method === 'POST' && path === CASHIER_PATHS.deposits) {
        listed = [gatewayOrder(gateway, 31, 'pending')];
        return envelopeResponse(listed[0]);
      }
      if (path === CASHIER_PATHS.depositChannels) return envelopeResponse([gatewayChannel(gateway)]);
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

  return {
    list: (orders) => {
      listed = orders;
    },
  };
}

/** Picks the channel (it shows the provider's logo), pays 500 online and expects the checkout page. */
export async function expectSentToCheckout(gateway: GatewayProvider, channelName: RegExp): Promise<void> {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  renderWithProviders(<DepositPage />);
  const channel = await screen.findByRole('button', { name: channelName });
  expect(within(channel).getByTestId(`provider-logo-${gateway.provider}`)).toBeTruthy();
  fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '500' } });
  fireEvent.click(screen.getByRole('button', { name: 'Pay online' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith(gateway.payUrl(31)));
}

/** Opens the return page of order `id` and answers its result panel. */
export async function openDepositResult(id: number): Promise<HTMLElement> {
  renderWithProviders(<DepositPage />, { route: `/member?page=depositv2&depositResult=${id}` });
  return screen.findByTestId('deposit-result');
}
