import { RG_PATHS } from '@kismat/contracts/responsible-gambling';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/safer/en.json';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { rgOverview } from '../test/overview';
import { LimitsPanel } from './limits-panel';

const fetchMock = vi.fn<typeof fetch>();
const HOUR = 3_600_000;

const OVERVIEW = rgOverview({
  limits: [
    {
      kind: 'DEPOSIT',
      period: 'DAY',
      unit: 'MONEY',
      value: '300.00',
      used: '200.00',
      remaining: '100.00',
      usedPercent: 66.67,
      resetsAt: new Date(Date.now() + 5 * HOUR).toISOString(),
      setAt: new Date(Date.now() - 2 * HOUR).toISOString(),
      countsFrom: new Date(Date.now() - 2 * HOUR).toISOString(),
      setBy: 'MEMBER',
    },
    {
      kind: 'WAGER',
      period: 'WEEK',
      unit: 'MONEY',
      value: '1000.00',
      used: '0.00',
      remaining: '1000.00',
      usedPercent: 0,
      resetsAt: null,
      setAt: new Date(Date.now() - 30 * HOUR).toISOString(),
      countsFrom: new Date(Date.now() - 30 * HOUR).toISOString(),
      setBy: 'MEMBER',
    },
  ],
  pending: [
    {
      changeId: 41,
      kind: 'WAGER',
      period: 'WEEK',
      unit: 'MONEY',
      oldValue: '1000.00',
      newValue: '2000.00',
      requestedAt: new Date(Date.now() - 25 * HOUR).toISOString(),
      effectiveAt: new Date(Date.now() - HOUR).toISOString(),
      confirmable: true,
    },
    {
      changeId: 42,
      kind: 'SESSION_TIME',
      period: 'DAY',
      unit: 'MINUTES',
      oldValue: null,
      newValue: '120',
      requestedAt: new Date(Date.now() - HOUR).toISOString(),
      effectiveAt: new Date(Date.now() + 23 * HOUR + 30 * 60_000).toISOString(),
      confirmable: false,
    },
  ],
});

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(
    envelopeResponse({ outcome: 'PENDING', changeId: 50, effectiveAt: new Date().toISOString(), overview: OVERVIEW }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function posted(path: string): unknown[] {
  return fetchMock.mock.calls.filter(([input]) => String(input).endsWith(path)).map(([, init]) => JSON.parse(String(init?.body)));
}

describe('limits panel', () => {
  it('shows usage, what is left and the pending changes with their countdown', () => {
    renderWithProviders(<LimitsPanel overview={OVERVIEW} />);
    const deposit = screen.getByTestId('limit-DEPOSIT-DAY');
    expect(deposit.textContent).toContain('Used 200.00 of 300.00');
    expect(deposit.textContent).toContain('100.00 left');
    // Due: it can be confirmed; not due: a countdown and no Confirm.
    const due = screen.getByTestId('pending-WAGER-WEEK');
    expect(within(due).getByRole('button', { name: en.limits.confirm })).toBeTruthy();
    const waiting = screen.getByTestId('pending-SESSION_TIME-DAY');
    expect(within(waiting).queryByRole('button', { name: en.limits.confirm })).toBeNull();
    expect(waiting.textContent).toMatch(/23 h 30 min left|23 h 29 min left/);
    expect(waiting.textContent).toContain('Raise to 2 h requested');
  });

  it('confirms a due increase and cancels a waiting one by their change ids', async () => {
    renderWithProviders(<LimitsPanel overview={OVERVIEW} />);
    fireEvent.click(within(screen.getByTestId('pending-WAGER-WEEK')).getByRole('button', { name: en.limits.confirm }));
    fireEvent.click(within(screen.getByTestId('pending-SESSION_TIME-DAY')).getByRole('button', { name: en.limits.cancelPending }));
    await waitFor(() => expect(posted(RG_PATHS.confirmChange)).toEqual([{ changeId: 41 }]));
    await waitFor(() => expect(posted(RG_PATHS.cancelChange)).toEqual([{ changeId: 42 }]));
  });

  it('asks again before removing a limit, then sends the removal', async () => {
    renderWithProviders(<LimitsPanel overview={OVERVIEW} />);
    const deposit = screen.getByTestId('limit-DEPOSIT-DAY');
    fireEvent.click(within(deposit).getByRole('button', { name: en.limits.remove }));
    expect(posted(RG_PATHS.removeLimit)).toEqual([]);
    const confirm = screen.getByTestId('remove-confirm-DEPOSIT-DAY');
    expect(confirm.textContent).toContain(en.limits.removeConfirm);
    fireEvent.click(within(confirm).getByRole('button', { name: en.limits.remove }));
    await waitFor(() => expect(posted(RG_PATHS.removeLimit)).toEqual([{ kind: 'DEPOSIT', period: 'DAY' }]));
  });
});
