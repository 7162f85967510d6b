import { RG_PATHS, type RgRealityCheckValue } from '@kismat/contracts/responsible-gambling';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/safer/en.json';
import { usePlayPauseStore } from '@/stores/play-pause-store';
import { useSessionStore } from '@/stores/session-store';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { RealityCheckWatcher } from './reality-check-watcher';

const fetchMock = vi.fn<typeof fetch>();
const STARTED = Date.now() - 29 * 60_000;

function check(overrides: Partial<RgRealityCheckValue>): RgRealityCheckValue {
  return {
    intervalMinutes: 30,
    sessionStartedAt: new Date(STARTED).toISOString(),
    elapsedSeconds: Math.floor((Date.now() - STARTED) / 1000),
    staked: '1200.00',
    won: '950.50',
    net: '-249.50',
    nextDueAt: null,
    due: false,
    ...overrides,
  };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  act(() => useSessionStore.getState().signIn({ token: 't', nickname: 'rahim', account: 'rahim', isAgent: false }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => usePlayPauseStore.getState().setPaused(false));
});

describe('reality-check watcher', () => {
  it('opens on the server due time, pauses play, and Continue schedules the next check', async () => {
    const dueAt = Date.now() + 1200;
    let reads = 0;
    const acks: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://site.test').pathname;
      if (path === RG_PATHS.realityCheck) {
        reads += 1;
        // The server says due only once its clock has reached the due time.
        return envelopeResponse(check({ nextDueAt: new Date(dueAt).toISOString(), due: Date.now() >= dueAt }));
      }
      if (path === RG_PATHS.realityCheckAck) {
        acks.push(JSON.parse(String(init?.body)));
        return envelopeResponse({ loggedOut: false, realityCheck: check({ nextDueAt: new Date(Date.now() + 30 * 60_000).toISOString() }) });
      }
      return envelopeResponse(null, { status: 404, code: 'ROUTE_NOT_FOUND' });
    });

    renderWithProviders(<RealityCheckWatcher />);
    // Not before its time.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByTestId('reality-check-dialog')).toBeNull();
    expect(usePlayPauseStore.getState().isPaused).toBe(false);

    const dialog = await screen.findByTestId('reality-check-dialog', {}, { timeout: 5000 });
    expect(Date.now()).toBeGreaterThanOrEqual(dueAt);
    expect(reads).toBeGreaterThanOrEqual(2);
    expect(usePlayPauseStore.getState().isPaused).toBe(true);
    expect(screen.getByTestId('reality-check-played').textContent).toBe('29 min');
    expect(screen.getByTestId('reality-check-net').textContent).toContain('-249.50');
    expect(dialog.textContent).toContain(en.realityCheck.question);

    fireEvent.click(screen.getByRole('button', { name: en.realityCheck.continue }));
    await waitFor(() => expect(screen.queryByTestId('reality-check-dialog')).toBeNull());
    expect(acks).toEqual([{ action: 'CONTINUE' }]);
    expect(usePlayPauseStore.getState().isPaused).toBe(false);
    expect(useSessionStore.getState().isLogin).toBe(true);
  });

  it('Stop ends the session here too', async () => {
    fetchMock.mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://site.test').pathname;
      if (path === RG_PATHS.realityCheck)
        return envelopeResponse(check({ nextDueAt: new Date(Date.now() - 1000).toISOString(), due: true }));
      if (path === RG_PATHS.realityCheckAck) return envelopeResponse({ loggedOut: true, realityCheck: null });
      return envelopeResponse(null, { status: 404, code: 'ROUTE_NOT_FOUND' });
    });
    renderWithProviders(<RealityCheckWatcher />);
    await screen.findByTestId('reality-check-dialog');
    fireEvent.click(screen.getByRole('button', { name: en.realityCheck.stop }));
    await waitFor(() => expect(useSessionStore.getState().isLogin).toBe(false));
    expect(screen.queryByTestId('reality-check-dialog')).toBeNull();
  });

  it('stays quiet when reality checks are off', async () => {
    fetchMock.mockImplementation(async () => envelopeResponse(check({ intervalMinutes: null, nextDueAt: null })));
    renderWithProviders(<RealityCheckWatcher />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('reality-check-dialog')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
