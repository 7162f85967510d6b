import { describe, expect, it } from 'vitest';
import { badgesFromNames, PAYMENT_BADGES } from './footer';

describe('footer logos set by the operator', () => {
  it('keeps the defaults when the operator set none', () => {
    const defaults = PAYMENT_BADGES.BD ?? [];
    expect(badgesFromNames(null, defaults)).toBe(defaults);
  });

  it('shows the operator’s list in its order, known brands in their colour, others as neutral text', () => {
    const badges = badgesFromNames(['nagad', 'Acme Pay', 'GLI'], []);
    expect(badges.map((badge) => badge.name)).toEqual(['Nagad', 'Acme Pay', 'GLI']);
    expect(badges[0]?.color).toBe('#f7941d');
    expect(badges[1]?.color).toBe('#c9d1e0');
  });
});
