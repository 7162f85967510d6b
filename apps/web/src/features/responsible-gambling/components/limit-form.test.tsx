import { RG_PATHS } from '@kismat/contracts/responsible-gambling';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/safer/en.json';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { rgOverview } from '../test/overview';
import { LimitForm } from './limit-form';

const fetchMock = vi.fn<typeof fetch>();
const OVERVIEW = rgOverview();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function bodies(): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => String(input).endsWith(RG_PATHS.limits))
    .map(([, init]) => JSON.parse(String(init?.body)));
}

describe('limit form', () => {
  it('shows the field message for a bad amount and sends nothing', async () => {
    renderWithProviders(<LimitForm kind="DEPOSIT" period="DAY" current={null} onDone={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(en.limits.valueMoney) }), { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: en.limits.save }));
    expect(await screen.findByText(en.limits.amountInvalid)).toBeTruthy();
    expect(bodies()).toEqual([]);
  });

  it('sends the contract body and says a higher limit waits 24 hours', async () => {
    fetchMock.mockResolvedValue(
      envelopeResponse({ outcome: 'PENDING', changeId: 7, effectiveAt: '2026-11-27T10:00:00.000Z', overview: OVERVIEW }),
    );
    const onDone = vi.fn();
    renderWithProviders(<LimitForm kind="LOSS" period="WEEK" current="1000.00" onDone={onDone} onCancel={vi.fn()} />);
    const input = screen.getByRole('textbox', { name: new RegExp(en.limits.valueMoney) });
    fireEvent.change(input, { target: { value: '1,500' } });
    // Looser than the limit in force: said before it is sent.
    expect(await screen.findByText(en.limits.looserWarning)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.limits.save }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(bodies()).toEqual([{ kind: 'LOSS', period: 'WEEK', value: '1500.00' }]);
    expect(String(onDone.mock.calls[0]?.[0])).toContain('2026');
  });

  it('takes whole minutes for a session-time limit and shows the server refusal', async () => {
    fetchMock.mockResolvedValue(envelopeResponse(null, { status: 422, code: 'VALIDATION_FAILED', message: 'Value refused' }));
    renderWithProviders(<LimitForm kind="SESSION_TIME" period="DAY" current={null} onDone={vi.fn()} onCancel={vi.fn()} />);
    const input = screen.getByRole('textbox', { name: new RegExp(en.limits.valueMinutes) });
    fireEvent.change(input, { target: { value: '90.5' } });
    fireEvent.click(screen.getByRole('button', { name: en.limits.save }));
    expect(await screen.findByText(en.limits.minutesInvalid)).toBeTruthy();
    fireEvent.change(input, { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: en.limits.save }));
    expect(await screen.findByText('Value refused')).toBeTruthy();
    expect(bodies()).toEqual([{ kind: 'SESSION_TIME', period: 'DAY', value: '90' }]);
  });
});
