import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { canAffordBet, clampBetIndex } from '../utils/bet-levels';
import { BetSelector } from './bet-selector';

const LEVELS = [100n, 200n, 500n, 100_000n];

function Harness({ start = 0 }: { start?: number }) {
  const [index, setIndex] = useState(start);
  return (
    <BetSelector
      levels={LEVELS}
      index={index}
      balanceMinor={1_000n}
      isDisabled={false}
      onChange={(next) => setIndex(clampBetIndex(LEVELS, next))}
    />
  );
}

describe('BetSelector', () => {
  it('starts at level 1 (1.00) with minus disabled, and steps through the levels', () => {
    render(<Harness />);
    const minus = screen.getByRole('button', { name: 'Lower the bet' });
    const plus = screen.getByRole('button', { name: 'Raise the bet' });
    expect(screen.getByTestId('bet-value').textContent).toBe('1.00');
    expect((minus as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(screen.getByTestId('bet-value').textContent).toBe('5.00');
    expect((minus as HTMLButtonElement).disabled).toBe(false);
  });

  it('stops at the highest level: plus is disabled there', () => {
    render(<Harness start={3} />);
    expect(screen.getByTestId('bet-value').textContent).toBe('1,000.00');
    expect((screen.getByRole('button', { name: 'Raise the bet' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('clamps indexes into the list and refuses a bet above the balance', () => {
    expect(clampBetIndex(LEVELS, -3)).toBe(0);
    expect(clampBetIndex(LEVELS, 99)).toBe(3);
    expect(canAffordBet({ levels: LEVELS, index: 2, balanceMinor: 500n })).toBe(true);
    expect(canAffordBet({ levels: LEVELS, index: 2, balanceMinor: 499n })).toBe(false);
    expect(canAffordBet({ levels: [], index: 0, balanceMinor: 10_000n })).toBe(false);
  });
});
