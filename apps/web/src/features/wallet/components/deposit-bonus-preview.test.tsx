import { PROMOTION_PATHS } from '@kismat/contracts/promotions';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { DepositBonusPreview } from './deposit-bonus-preview';

const fetchMock = vi.fn<typeof fetch>();
const previewCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://site.test'))
    .filter((url) => url.pathname === PROMOTION_PATHS.depositPreview)
    .map((url) => url.searchParams.get('amount'));

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://site.test');
    const amount = url.searchParams.get('amount') ?? '0.00';
    // 70% of the deposit up to 7,000.00, computed here in minor units as the server does.
    const [whole = '0', fraction = '00'] = amount.split('.');
    const minor = BigInt(whole) * 100n + BigInt(fraction);
    const bonusMinor = (minor * 7000n) / 10000n;
    const bonus = `${bonusMinor / 100n}.${(bonusMinor % 100n).toString().padStart(2, '0')}`;
    return envelopeResponse({
      amount,
      depositTurnover: amount,
      bonus,
      offers: [
        { promotionId: 1, kind: 'FIRST_DEPOSIT', title: '70% first deposit', bonus, turnover: '3500.00', maxBet: null, refusal: null },
      ],
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});

function Typed({ text }: { text: string }) {
  const [value] = useState(text);
  return <DepositBonusPreview amountText={value} />;
}

describe('the bonus a deposit would earn', () => {
  it('asks once the typing settles, with the amount as the API string (grouping dropped, two decimals)', async () => {
    renderWithProviders(<Typed text="1,000.5" />);
    expect(await screen.findByTestId('deposit-bonus-amount')).toBeTruthy();
    expect(previewCalls()).toEqual(['1000.50']);
    expect(screen.getByTestId('deposit-bonus-amount').textContent).toBe('+700.35');
    expect(screen.getByText('This deposit earns the 70% first deposit bonus')).toBeTruthy();
    expect(screen.getByText(/Turnover before withdrawal: 3,500.00/)).toBeTruthy();
  });

  it('keeps the poisha exact: 70% of 0.30 is 0.21', async () => {
    renderWithProviders(<Typed text="0.30" />);
    await screen.findByTestId('deposit-bonus-amount');
    expect(previewCalls()).toEqual(['0.30']);
    expect(screen.getByTestId('deposit-bonus-amount').textContent).toBe('+0.21');
  });

  it('asks nothing for text that is not an amount', async () => {
    renderWithProviders(<Typed text="12.345" />);
    await new Promise((resolve) => setTimeout(resolve, 600));
    renderWithProviders(<Typed text="abc" />);
    await new Promise((resolve) => setTimeout(resolve, 600));
    await waitFor(() => expect(previewCalls()).toEqual([]));
    expect(screen.queryByTestId('deposit-bonus-preview')).toBeNull();
  });
});
