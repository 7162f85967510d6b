import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { WinnerBoard } from './winner-board';

const entry = (rank: number, name: string) => ({
  rank,
  vo: {
    customerName: name,
    winAmount: `${1000 - rank}.00`,
    iconUrl: '/art/game.svg',
    gameName: `Game ${rank}`,
    vassalage: 'AG',
    nodeId: rank,
    wonAt: '2026-01-01T00:00:00.000Z',
  },
});

function answer(isDemo: boolean) {
  const fetchMock = vi.fn<typeof fetch>(async () =>
    envelopeResponse({ list: [entry(1, 'de*****01'), entry(2, 'de*****02'), entry(3, 'de*****03'), entry(4, 'de*****04')], isDemo }),
  );
  vi.stubGlobal('fetch', fetchMock);
}

describe('winner board (issue 12 item 18)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('labels the sample board as such, never as live', async () => {
    answer(true);
    renderWithProviders(<WinnerBoard />);
    expect(await screen.findByTestId('winners-demo-badge')).toBeTruthy();
    expect(screen.getByText('Sample')).toBeTruthy();
    expect(screen.getByText(/Nobody has won here yet/)).toBeTruthy();
    expect(screen.queryByText('Live')).toBeNull();
    expect(document.querySelectorAll('[data-rank]')).toHaveLength(4);
  });

  it('shows real wins as live, with no sample label', async () => {
    answer(false);
    renderWithProviders(<WinnerBoard />);
    expect(await screen.findByText('Live')).toBeTruthy();
    expect(screen.queryByTestId('winners-demo-badge')).toBeNull();
    expect(screen.queryByText(/Nobody has won here yet/)).toBeNull();
  });
});
