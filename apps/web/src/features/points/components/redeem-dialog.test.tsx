import type { MallItem } from '@kismat/contracts/points';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { RedeemDialog } from './redeem-dialog';

const fetchMock = vi.fn<typeof fetch>();
const REDEEM_PATH = '/wps/relay/passwordCheck/MCS2_redeemPointReward';
const WATCH: MallItem = {
  id: 7,
  name: 'Smart watch',
  imageUrl: '/images/points/smart-watch.svg',
  kind: 'GOODS',
  points: 1000,
  cashAmount: '0.00',
  stock: 5,
  perMemberLimit: 2,
  remainingForMember: 2,
};

beforeEach(() => {
  fetchMock.mockReset();
  // No WebCrypto key in jsdom: the body goes as is (sealed-request's development path).
  vi.stubGlobal('crypto', { ...globalThis.crypto, subtle: undefined, randomUUID: () => '00000000-0000-4000-8000-000000000000' });
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://site.test').pathname;
    if (path === REDEEM_PATH)
      return envelopeResponse(null, { status: 422, code: 'POINTS_OUT_OF_STOCK', message: 'This reward is out of stock' });
    return envelopeResponse(null, { status: 404, code: 'ROUTE_NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

const redeemCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).includes(REDEEM_PATH));

describe('Redeem dialog', () => {
  it('refuses a quantity above what the member may take and a missing address, sending nothing', async () => {
    renderWithProviders(<RedeemDialog item={WATCH} balance={3000} onClose={() => undefined} />);
    const quantity = await screen.findByLabelText(/Quantity/);
    fireEvent.change(quantity, { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText(/Payment password/), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm redemption' }));
    expect(await screen.findByText('Enter a whole number from 1 to 2')).toBeTruthy();
    expect(screen.getByText('Enter the full address for delivery (at least 5 characters)')).toBeTruthy();
    expect(redeemCalls()).toHaveLength(0);
  });

  it('sends item, quantity, address and payment password, and shows the server refusal', async () => {
    renderWithProviders(<RedeemDialog item={WATCH} balance={3000} onClose={() => undefined} />);
    fireEvent.change(await screen.findByLabelText(/Quantity/), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText(/Receiving address/), { target: { value: ' House 12, Road 5, Dhaka ' } });
    fireEvent.change(screen.getByLabelText(/Payment password/), { target: { value: '246810' } });
    expect(screen.getByTestId('redeem-total').textContent).toBe('Total: 2,000 points');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm redemption' }));
    expect(await screen.findByText('This reward is out of stock')).toBeTruthy();
    await waitFor(() => expect(redeemCalls()).toHaveLength(1));
    const body = JSON.parse(String(redeemCalls()[0]?.[1]?.body));
    expect(body).toMatchObject({ itemId: 7, quantity: 2, receivingAddress: 'House 12, Road 5, Dhaka', paymentPassword: '246810' });
    expect(typeof body.idempotencyKey).toBe('string');
  });
});
