import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '@/test/language';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { DownlineTransactionsPage } from './reports-pages';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () =>
    envelopeResponse({
      items: [
        {
          entryId: 7,
          createdAt: '2024-05-15T13:05:07Z',
          username: 'rahim01',
          type: 'transfer_downline',
          amount: '-50.00',
          balanceAfter: '950.00',
          description: 'To downline rahim01',
        },
      ],
      total: 1,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  await setTestLanguage('EN');
});

describe('downline transactions', () => {
  it.each([
    ['BN', 'ডাউনলাইনে ট্রান্সফার', 'ডাউনলাইন rahim01-কে'],
    ['SW', 'Uhamisho kwa mwanachama wa chini', 'Kwa mwanachama wa chini rahim01'],
    ['EN', 'Transfer to downline', 'To downline rahim01'],
  ] as const)('names the transaction type and the server description in %s, never the ledger code', async (language, name, description) => {
    await setTestLanguage(language);
    renderWithProviders(<DownlineTransactionsPage />);
    expect(await screen.findByText(name)).toBeTruthy();
    expect(screen.getByText(description)).toBeTruthy();
    expect(document.body.textContent).not.toContain('transfer_downline');
    if (language !== 'EN') expect(document.body.textContent).not.toContain('To downline');
  });
});
