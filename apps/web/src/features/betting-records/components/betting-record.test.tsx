import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { BettingRecord } from './betting-record';
import { PersonalProfit } from './personal-profit';

const fetchMock = vi.fn<typeof fetch>();
const totals = { rounds: 1, betAmount: '90071992547409.93', payout: '0.00', profit: '-90071992547409.93' };
const round = {
  roundId: 'r-1',
  betTime: '2024-05-15T13:05:07Z',
  gameName: 'Bengal Tiger',
  vendorName: 'House',
  gameType: 'SLOT',
  betAmount: '90071992547409.93',
  payout: '0.00',
  profit: '-90071992547409.93',
  status: 'SETTLED',
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('records pages (shared loading / failed / empty states)', () => {
  it('shows a failed load with the server message and loads again on retry', async () => {
    fetchMock.mockResolvedValueOnce(envelopeResponse(null, { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Try later' }));
    renderWithProviders(<BettingRecord />);
    expect(await screen.findByText('The records could not be loaded.')).toBeTruthy();
    expect(screen.getByText('Try later')).toBeTruthy();
    fetchMock.mockResolvedValueOnce(envelopeResponse({ list: [round], pageNo: 1, pageSize: 20, total: 1, totals, currency: 'BDT' }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('record-row')).toHaveLength(1);
    // Exact to the poisha past 2^53 minor units (a float would show .94); BN groups lakhs and crores.
    expect(screen.getByTestId('record-totals').textContent).toContain('9,00,71,99,25,47,409.93');
  });

  it('shows the empty state under the totals when the range has no rounds', async () => {
    fetchMock.mockResolvedValue(
      envelopeResponse({ list: [], pageNo: 1, pageSize: 20, total: 0, totals: { ...totals, rounds: 0 }, currency: 'BDT' }),
    );
    renderWithProviders(<PersonalProfit />);
    expect(await screen.findByText('No records')).toBeTruthy();
    expect(screen.getByTestId('record-totals')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
