import { PROMOTION_PATHS, type RequirementValue } from '@kismat/contracts/promotions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { BonusDetailsPage } from './bonus-details-page';

function requirement(id: number, patch: Partial<RequirementValue>): RequirementValue {
  return {
    id,
    memberId: 9,
    source: 'PROMOTION',
    sourceId: id,
    promotionId: 3,
    title: '70% first deposit',
    amount: '350.00',
    required: '3500.00',
    done: '1750.00',
    left: '1750.00',
    status: 'ACTIVE',
    maxBet: null,
    contributions: {},
    expiresAt: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    endedAt: null,
    ...patch,
  };
}

const fetchMock = vi.fn<typeof fetch>();
let items: RequirementValue[] = [];

beforeEach(() => {
  items = [
    requirement(1, {}),
    requirement(2, {
      source: 'DEPOSIT',
      promotionId: null,
      title: null,
      amount: '500.00',
      required: '500.00',
      done: '500.00',
      left: '0.00',
      status: 'MET',
    }),
  ];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://site.test').pathname;
    if (path === PROMOTION_PATHS.bonusDetails)
      return envelopeResponse({ items, totalLeft: items.some((item) => item.status === 'ACTIVE') ? '1750.00' : '0.00' });
    if (init?.method === 'POST' && path === PROMOTION_PATHS.forfeit.replace(':id', '1')) {
      items = [{ ...items[0], status: 'FORFEITED', left: '0.00' } as RequirementValue, items[1] as RequirementValue];
      return envelopeResponse({ requirement: items[0], returnedAmount: '350.00' });
    }
    return envelopeResponse(null, { status: 404, code: 'ROUTE_NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

describe('bonus details', () => {
  it('lists each requirement with what is done and left, and the total that stands before a withdrawal', async () => {
    renderWithProviders(<BonusDetailsPage />);
    const rows = await screen.findAllByTestId('requirement-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('1,750.00 / 3,500.00')).toBeTruthy();
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('progressbar')
        .getAttribute('aria-valuenow'),
    ).toBe('50');
    expect(within(rows[1] as HTMLElement).getByText('Deposit')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Met')).toBeTruthy();
    expect(screen.getByTestId('bonus-total-left').textContent).toBe('1,750.00');
    // Only a promotion bonus can be given up; a deposit's own turnover cannot.
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: 'Forfeit' })).toBeNull();
  });

  it('forfeits only after the confirm dialog, then shows what was taken back', async () => {
    renderWithProviders(<BonusDetailsPage />);
    const [bonusRow] = await screen.findAllByTestId('requirement-row');
    fireEvent.click(within(bonusRow as HTMLElement).getByRole('button', { name: 'Forfeit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forfeit this bonus?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the bonus' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.click(within(bonusRow as HTMLElement).getByRole('button', { name: 'Forfeit' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, forfeit' }));
    expect(await screen.findByText('Bonus forfeited: 350.00 was taken back.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('bonus-total-left').textContent).toBe('0.00'));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });
});
