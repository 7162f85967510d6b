import { CASHIER_PATHS, type DepositChannelValue, type DepositValue } from '@kismat/contracts/cashier';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import bn from '@/locales/member-centre/bn.json';
import sw from '@/locales/member-centre/sw.json';
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
    expiresAt: null,
    paidAfter: null,
    createdAt: '2025-06-01T10:00:00.000Z',
    resolvedAt: '2025-06-01T10:01:00.000Z',
  };
}

/** An unpaid online order on the sandbox channel, as the server lists it. */
function openOrder(id: number, amount = '250.00'): DepositValue {
  return {
    ...deposit(id, SANDBOX),
    amount,
    status: 'pending',
    payUrl: `/member?page=depositv2&sandboxDeposit=${id}`,
    expiresAt: '2025-06-01T10:30:00.000Z',
    resolvedAt: null,
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

describe('online orders on a phone (issue 12 item 3)', () => {
  /** Answers the list with `listed`, and each POST by path with `answer`. */
  function serve(listed: DepositValue[], answer: (path: string, init: RequestInit | undefined) => Promise<Response> | Response) {
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://site.test').pathname;
      if (init?.method === 'POST') return answer(path, init);
      if (path === CASHIER_PATHS.depositChannels) return envelopeResponse([BKASH, SANDBOX]);
      if (path === CASHIER_PATHS.deposits) return envelopeResponse(listed);
      return envelopeResponse(null, { status: 404, code: 'ROUTE_NOT_FOUND' });
    });
  }
  const posts = (path: string) => fetchMock.mock.calls.filter(([input, init]) => init?.method === 'POST' && String(input).endsWith(path));

  it('shows an open order first on arrival, with its deadline, and cancels it', async () => {
    const listed = [openOrder(7)];
    serve(listed, (path) => {
      listed[0] = { ...openOrder(7), status: 'cancelled', payUrl: null };
      return path === '/wps/v2/cashier/deposits/7/cancel' ? envelopeResponse(listed[0]) : envelopeResponse(null, { status: 404 });
    });
    const { container } = renderWithProviders(<DepositPage />);
    const panel = await screen.findByTestId('deposit-order');
    // Above the channel list and the form: the first thing on the page.
    expect(container.querySelector('section')).toBe(panel);
    expect(within(panel).getByText(/Order #7 is waiting for your payment/)).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel order' }));
    await within(panel).findByText('Cancelled');
    expect(posts('/deposits/7/cancel')).toHaveLength(1);
    expect(within(panel).queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('says it is creating the order, takes no second tap meanwhile, then scrolls to the order', async () => {
    const scrolled = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrolled;
    try {
      let answer: (response: Response) => void = () => undefined;
      serve([], (path) =>
        path === CASHIER_PATHS.deposits
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : envelopeResponse(null, { status: 404 }),
      );
      renderWithProviders(<DepositPage />);
      fireEvent.click(await screen.findByRole('button', { name: /Online payment/ }));
      fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), { target: { value: '250' } });
      const pay = screen.getByRole('button', { name: 'Pay online' });
      const form = pay.closest('form') as HTMLFormElement;
      // Two taps in the same instant, before React re-renders the button.
      fireEvent.submit(form);
      fireEvent.submit(form);
      const busy = await screen.findByRole('button', { name: /Creating your order/ });
      expect((busy as HTMLButtonElement).disabled).toBe(true);
      expect(posts(CASHIER_PATHS.deposits)).toHaveLength(1);

      answer(envelopeResponse(openOrder(11)));
      const panel = await screen.findByTestId('deposit-order');
      expect(within(panel).getByText(/Order #11/)).toBeTruthy();
      await waitFor(() => expect(scrolled).toHaveBeenCalled());
      expect(scrolled.mock.contexts[0]).toBe(panel);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('shows the open order when another amount is refused for it', async () => {
    const open = openOrder(5, '300.00');
    serve([], () =>
      envelopeResponse(
        { deposit: open },
        { status: 409, code: 'DEPOSIT_ORDER_OPEN', message: 'You have an unpaid online deposit on this method: pay it or cancel it first' },
      ),
    );
    renderWithProviders(<DepositPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Online payment/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay online' }));
    const panel = await screen.findByTestId('deposit-order');
    expect(within(panel).getByText(/Order #5/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('pay it or cancel it first');
  });
});
