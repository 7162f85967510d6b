import { CASHIER_PATHS, type DepositValue } from '@kismat/contracts/cashier';
import type { MemberInfo } from '@kismat/contracts/member';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { DepositPage } from './deposit-page';
import { MpesaOrderStatus } from './mpesa-order-status';

/* The M-Pesa (STK Push) order on the Kenyan site: "check your phone" while pending, the page asks again until paid. */

const MPESA = {
  id: 7,
  code: 'mpesa',
  kind: 'gateway',
  name: 'M-Pesa',
  minAmount: '100.00',
  maxAmount: '150000.00',
  instructions: 'An M-Pesa prompt comes to your phone.',
  accountName: null,
  accountNumber: null,
  isSandbox: false,
  provider: 'mpesa',
} as const;

function order(status: 'pending' | 'approved' | 'failed'): DepositValue {
  return {
    id: 41,
    channelId: MPESA.id,
    channelName: 'M-Pesa',
    channelKind: 'gateway',
    amount: '500.00',
    reference: null,
    hasProof: false,
    status,
    payUrl: null,
    isSandbox: false,
    provider: 'mpesa',
    expiresAt: '2026-06-01T10:30:00.000Z',
    paidAfter: null,
    createdAt: '2026-06-01T10:00:00.000Z',
    resolvedAt: status === 'pending' ? null : '2026-06-01T10:01:00.000Z',
  };
}

const fetchMock = vi.fn<typeof fetch>();
let listed: DepositValue[] = [];
let listCalls = 0;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  listCalls = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://site.test').pathname;
    if (path === CASHIER_PATHS.depositChannels) return envelopeResponse([MPESA]);
    if (path === CASHIER_PATHS.deposits) {
      listCalls += 1;
      return envelopeResponse(listed);
    }
    return envelopeResponse(null, { status: 404, code: 'ROUTE_NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  act(() => {
    useSessionStore.getState().signIn({ token: 't', nickname: 'Amani', account: 'demomchezaji', isAgent: false });
    useSessionStore
      .getState()
      .setMember({ nickname: 'Amani', currencySymbol: 'KSh', mobile: '+254******149', balance: '0.00' } as MemberInfo);
  });
});

afterEach(() => {
  act(() => useSessionStore.getState().signOut());
  vi.useRealTimers();
});

describe('M-Pesa order', () => {
  it('says check your phone with the number and the KSh amount, and asks for the order again every 3 s', async () => {
    listed = [order('pending')];
    renderWithProviders(<DepositPage />);
    const waiting = await screen.findByTestId('mpesa-waiting');
    expect(waiting.textContent).toContain('Check your phone');
    expect(waiting.textContent).toContain('+254******149');
    expect(waiting.textContent).toContain('KSh 500.00');
    const before = listCalls;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3500);
    });
    await waitFor(() => expect(listCalls).toBeGreaterThan(before));
  });

  it('says paid with the KSh amount, or not paid, and stops asking', async () => {
    const paid = renderWithProviders(<MpesaOrderStatus order={order('approved')} amount="500.00" />);
    expect(screen.getByTestId('mpesa-result').getAttribute('data-paid')).toBe('true');
    expect(screen.getByTestId('mpesa-result').textContent).toContain('KSh 500.00');
    paid.unmount();
    renderWithProviders(<MpesaOrderStatus order={order('failed')} amount="500.00" />);
    expect(screen.getByTestId('mpesa-result').getAttribute('data-paid')).toBe('false');
    const before = listCalls;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(7000);
    });
    expect(listCalls).toBe(before);
  });
});
