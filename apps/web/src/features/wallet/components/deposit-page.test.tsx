import { CASHIER_PATHS, type DepositChannelValue, type DepositValue } from '@kismat/contracts/cashier';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import bn from '@/locales/bn.json';
import sw from '@/locales/sw.json';
import { useSessionStore } from '@/stores/session-store';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { DepositPage } from './deposit-page';

const BKASH: DepositChannelValue = {
  id: 1,
  code: 'bkash',
  kind: 'bkash',
  name: 'bKash',
  minAmount: '200.00',
  maxAmount: '25000.00',
  instructions: 'Use "Send Money" to the number below.',
  accountName: 'Kismat Cashier',
  accountNumber: '01700000100',
  isSandbox: false,
};
const SANDBOX: DepositChannelValue = {
  id: 4,
  code: 'sandbox',
  kind: 'gateway',
  name: 'Online payment',
  minAmount: '100.00',
  maxAmount: '50000.00',
  instructions: 'Demo gateway.',
  accountName: null,
  accountNumber: null,
  isSandbox: true,
};

function deposit(id: number, channel: DepositChannelValue): DepositValue {
  return {
    id,
    channelId: channel.id,
    channelName: channel.name,
    channelKind: channel.kind,
    amount: '300.00',
    reference: null,
    hasProof: false,
    status: 'approved',
    payUrl: null,
    isSandbox: channel.isSandbox,
    createdAt: '2025-06-01T10:00:00.000Z',
    resolvedAt: '2025-06-01T10:01:00.000Z',
  };
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://site.test').pathname;
    if (path === CASHIER_PATHS.depositChannels) return envelopeResponse([BKASH, SANDBOX]);
    if (path === CASHIER_PATHS.deposits) return envelopeResponse([deposit(2, SANDBOX), deposit(1, BKASH)]);
    return envelopeResponse(null, { status: 404, code: 'ROUTE_NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  act(() => useSessionStore.getState().signIn({ token: 't', nickname: 'nick', account: 'player1', isAgent: false }));
});

afterEach(() => {
  act(() => useSessionStore.getState().signOut());
});

describe('the demo sandbox gateway on the deposit page (issue 11, finding 1)', () => {
  it('labels the sandbox channel and every sandbox deposit "SANDBOX — test money", and nothing else', async () => {
    renderWithProviders(<DepositPage />);
    const channel = await screen.findByRole('button', { name: /Online payment/ });
    expect(within(channel).getByText('SANDBOX — test money')).toBeTruthy();
    expect(within(screen.getByRole('button', { name: /bKash/ })).queryByText('SANDBOX — test money')).toBeNull();

    const recent = await screen.findByRole('table');
    const [sandboxRow, bkashRow] = within(recent).getAllByRole('row').slice(1);
    expect(within(sandboxRow as HTMLElement).getByText('SANDBOX — test money')).toBeTruthy();
    expect(within(bkashRow as HTMLElement).queryByText('SANDBOX — test money')).toBeNull();
  });

  it('says test money in Bengali and Swahili too', () => {
    expect(bn.wallet.deposit.sandboxTag).toBe('স্যান্ডবক্স — পরীক্ষার টাকা');
    expect(sw.wallet.deposit.sandboxTag).toBe('SANDBOX — pesa za majaribio');
  });
});
