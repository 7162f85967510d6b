import { describe, expect, it } from 'vitest';
import { paginationItems } from './pagination-items';

function render(current: number, count: number): string {
  return paginationItems(current, count, 1, 5)
    .map((item) => (item.type === 'gap' ? '…' : String(item.page + 1)))
    .join(' ');
}

describe('paginationItems (margin 1, range 5)', () => {
  it('shows every page when few', () => {
    expect(render(0, 7)).toBe('1 2 3 4 5 6 7');
  });

  it('keeps one page at each end and five around the current', () => {
    expect(render(0, 20)).toBe('1 2 3 4 5 … 20');
    expect(render(9, 20)).toBe('1 … 8 9 10 11 12 … 20');
    expect(render(19, 20)).toBe('1 … 16 17 18 19 20');
  });
});
