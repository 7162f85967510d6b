import { findSlotTitle } from '@kismat/game-math/slots/slot-titles';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SlotPaytable } from './slot-paytable';

function titleOf(id: string) {
  const title = findSlotTitle(id);
  if (!title) throw new Error(`no title ${id}`);
  return title;
}

describe('slot paytable (issue 12 item 18)', () => {
  it('shows the pays of the title at the chosen bet, from its own definition', () => {
    const title = titleOf('golden-delta');
    // 5.00 over 50 lines: a coin is 0.10, so hilsa x5 (3000 coins) pays 300.00.
    renderWithProviders(<SlotPaytable title={title} totalBetMinor={500n} />);
    const hilsa = document.querySelector('tr[data-symbol="HILSA"]');
    expect(hilsa?.textContent).toContain('12.00');
    expect(hilsa?.textContent).toContain('60.00');
    expect(hilsa?.textContent).toContain('300.00');
    // The boat wild pays nothing on its own, and the table promises nothing for it.
    expect(document.querySelector('tr[data-symbol="BOAT"]')).toBeNull();
    expect(screen.getByTestId('paytable-wild').textContent).toMatch(/pays nothing on its own/);
    // Scatter: 3 suns pay 2x the bet and give 12 free spins.
    const scatter = within(screen.getByTestId('paytable-scatter'));
    expect(scatter.getByText('10.00')).toBeTruthy();
    expect(scatter.getByText('12')).toBeTruthy();
    expect(screen.getByTestId('paytable-free-spins').textContent).toMatch(/multiplied by 2/);
    expect(screen.getByTestId('paytable-free-spins').textContent).toMatch(/up to 60/);
    expect(screen.getByTestId('paytable-cap').textContent).toMatch(/5,000 × the total bet: 25,000\.00/);
  });

  it('lists a wild that pays on its own with its pays (Bengal Tiger)', () => {
    const title = titleOf('bengal-tiger');
    renderWithProviders(<SlotPaytable title={title} totalBetMinor={title.betLevelsMinor[0] ?? 100n} />);
    expect(document.querySelector('tr[data-symbol="TIGER"]')).not.toBeNull();
    expect(screen.getByTestId('paytable-wild').textContent).toMatch(/A line of wilds alone pays/);
  });
});
