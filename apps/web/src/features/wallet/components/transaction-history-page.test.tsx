import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, siteToday } from '@/lib/date-presets';
import { useSiteClockStore } from '@/stores/site-clock-store';
import { setTestLanguage } from '@/test/language';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { TransactionHistoryPage } from './transaction-history-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () =>
    envelopeResponse({
      items: [
        {
          id: 1,
          type: 'transfer_downline',
          amount: '-50.00',
          balanceAfter: '950.00',
          createdAt: '2024-05-15T13:05:07Z',
          description: null,
        },
      ],
      page: 1,
      pageSize: 10,
      total: 1,
      totals: { credited: '0.00', debited: '50.00', net: '-50.00' },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  useSiteClockStore.setState({ utcOffsetMinutes: null });
  await setTestLanguage('EN');
});

describe('transaction history in Bengali', () => {
  it('dates rows with the site formatter (Bengali month, Latin digits) and date filters typed day first', async () => {
    await setTestLanguage('BN');
    renderWithProviders(<TransactionHistoryPage />);
    const row = await screen.findByRole('cell', { name: 'ডাউনলাইনে ট্রান্সফার' });
    const cells = within(row.closest('tr') as HTMLElement).getAllByRole('cell');
    // Not the browser's toLocaleString() ("5/15/2024, 7:05:07 PM" on an en-US browser).
    expect(cells[0]?.textContent).toMatch(/^15 মে, 2024, \d\d:\d\d$/);
    const dates = [...document.querySelectorAll('input')].filter((input) => input.placeholder === 'DD/MM/YYYY');
    expect(dates).toHaveLength(2);
    for (const input of dates) expect(input.value).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  });
});

describe("transaction history in the merchant's days", () => {
  it('asks from the merchant midnight of the first day to the one after the last (UTC+6)', async () => {
    useSiteClockStore.getState().setUtcOffsetMinutes(360);
    renderWithProviders(<TransactionHistoryPage />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    const today = siteToday();
    // Last 7 days: today and the 6 before, each starting at 00:00 in UTC+6 (18:00 UTC the day before).
    expect(url.searchParams.get('from')).toBe(`${addDays(today, -7)}T18:00:00.000Z`);
    expect(url.searchParams.get('to')).toBe(`${today}T18:00:00.000Z`);
  });
});
