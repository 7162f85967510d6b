import { findSlotTitle } from '@kismat/game-math/slots/slot-titles';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SlotReels } from './slot-reels';

describe('slot reels: win-line highlight (issue 12 item 18)', () => {
  it('highlights the paying cells of a line and draws it solid only through them', () => {
    const title = findSlotTitle('golden-delta');
    if (!title) throw new Error('no title');
    const line = title.paylines[8] ?? [];
    const reels = [
      ['NINE', 'WATER_LILY', 'HERON'],
      ['J', 'A', 'WATER_LILY'],
      ['HERON', 'BOAT', 'TEN'],
      ['HILSA', 'DOLPHIN', 'Q'],
      ['TEN', 'BOAT', 'Q'],
    ];
    const rows = line.slice(0, 3);
    renderWithProviders(
      <SlotReels
        title={title}
        reels={reels}
        isSpinning={false}
        stoppedCount={5}
        lineWins={[{ lineIndex: 8, symbol: 'WATER_LILY', count: 3, rows, payout: '1.20' }]}
      />,
    );
    const winning = [...document.querySelectorAll('[data-winning="true"]')];
    expect(winning).toHaveLength(3);
    const drawn = document.querySelector('[data-testid="win-line"]');
    expect(drawn?.getAttribute('data-line')).toBe('9');
    const polylines = drawn?.querySelectorAll('polyline') ?? [];
    // The faint rest of the payline, then the solid paying part through three cells.
    expect(polylines).toHaveLength(2);
    expect(polylines[1]?.getAttribute('points')?.split(' ')).toHaveLength(3);
    expect(polylines[0]?.getAttribute('points')?.split(' ')).toHaveLength(3);
  });
});
