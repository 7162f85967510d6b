import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { LotteryTicket } from '../utils/house-games-types';
import { LatestDraw } from './latest-draw';

function ticket(overrides: Partial<LotteryTicket>): LotteryTicket {
  return {
    ticketId: '1',
    issueId: '77',
    gameCode: 'ELOTT_1M',
    issueNo: '20261122-0042',
    betType: 'SUM_SIZE',
    selection: 'BIG',
    oddsTable: 'standard',
    odds: '1.9800',
    amount: '5.00',
    status: 'pending',
    payout: '0.00',
    isTrial: false,
    placedAt: '2026-11-22T10:00:00.000Z',
    settledAt: null,
    ...overrides,
  };
}

const result = { kind: 'ELOTT' as const, digits: [3, 0, 9, 1, 7] };

describe('latest draw', () => {
  it('shows the opened numbers and waits for the tickets to settle before naming an outcome', () => {
    renderWithProviders(
      <LatestDraw issueId="77" kind="ELOTT" issueNo="20261122-0042" result={result} tickets={[ticket({})]} onClose={vi.fn()} />,
    );
    expect(screen.getByText('Issue 20261122-0042 drawn')).toBeTruthy();
    expect([...screen.getByTestId('opened-numbers').children].map((ball) => ball.textContent)).toEqual(['3', '0', '9', '1', '7']);
    expect(screen.getByText('Settling your tickets…')).toBeTruthy();
    expect(screen.queryByTestId('draw-outcome')).toBeNull();
  });

  it('sums the payout of the winning tickets and the stake of all', () => {
    const tickets = [
      ticket({ ticketId: '1', status: 'won', payout: '9.90', amount: '5.00' }),
      ticket({ ticketId: '2', status: 'lost', selection: 'SMALL', amount: '2.50' }),
    ];
    renderWithProviders(
      <LatestDraw issueId="77" kind="ELOTT" issueNo="20261122-0042" result={result} tickets={tickets} onClose={vi.fn()} />,
    );
    const outcome = screen.getByTestId('draw-outcome');
    expect(outcome.dataset.outcome).toBe('won');
    expect(outcome.textContent).toBe('1 of 2 tickets won: payout 9.90 (stake 7.50)');
  });

  it('says so when no ticket won', () => {
    const tickets = [ticket({ status: 'lost' })];
    renderWithProviders(<LatestDraw issueId="77" kind="ELOTT" issueNo={null} result={result} tickets={tickets} onClose={vi.fn()} />);
    expect(screen.getByText('Draw result')).toBeTruthy();
    expect(screen.getByTestId('draw-outcome').dataset.outcome).toBe('lost');
    expect(screen.getByTestId('draw-outcome').textContent).toBe('No win on your 1 tickets this time (stake 5.00)');
  });
});
