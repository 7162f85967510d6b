import { describe, expect, it } from 'vitest';
import { badgeText, menuBadges } from './menu-badges';

describe('member-centre menu badges (spec section 2)', () => {
  it('shows a count only when it is above 0', () => {
    expect(menuBadges({ unreadMessage: 0, availablePromoCount: 0 })).toEqual({});
    expect(menuBadges({ unreadMessage: 4, availablePromoCount: 0 }, { missions: 2 })).toEqual({ messageV2: 4, missionLeaderboard: 2 });
    expect(menuBadges({ unreadMessage: 0, availablePromoCount: 1 })).toEqual({ rewardCenter: 1 });
  });

  it('shows nothing before member info loads', () => {
    expect(menuBadges(null)).toEqual({});
  });

  it('caps the text at 99+', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });
});
