import type { AnnouncementItem, PopupExecution } from '@kismat/contracts/messages';
import { describe, expect, it } from 'vitest';
import { popupAudiences, selectPopups } from './popup-audience';

function popup(id: number, execution: PopupExecution): AnnouncementItem {
  return { id, type: 'PU', title: `P${id}`, content: '', execution, announcementImages: [], sort: id, startsAt: '', endsAt: null };
}

const popups = [popup(1, 'A'), popup(2, 'B'), popup(3, 'F')];

describe('popup audiences', () => {
  it('shows B to visitors, A to members and F only on a first login', () => {
    expect(popupAudiences({ isLogin: false, isFirstLogin: false })).toEqual(['B']);
    expect(popupAudiences({ isLogin: true, isFirstLogin: false })).toEqual(['A']);
    expect(popupAudiences({ isLogin: true, isFirstLogin: true })).toEqual(['F', 'A']);
  });

  it('does not welcome as new (B) someone who signed out of an account in this tab', () => {
    expect(popupAudiences({ isLogin: false, isFirstLogin: false, hasSignedOut: true })).toEqual([]);
    expect(popupAudiences({ isLogin: true, isFirstLogin: false, hasSignedOut: true })).toEqual(['A']);
  });

  it('leaves out a list closed earlier in the session', () => {
    const closed = new Set<string>();
    const first = selectPopups(popups, { isLogin: false, isFirstLogin: false }, (marker) => closed.has(marker));
    expect(first.items.map((item) => item.id)).toEqual([2]);
    for (const marker of first.markers) closed.add(marker);
    expect(selectPopups(popups, { isLogin: false, isFirstLogin: false }, (marker) => closed.has(marker)).items).toEqual([]);
    // Logging in brings the members' list, not yet closed.
    expect(
      selectPopups(popups, { isLogin: true, isFirstLogin: true }, (marker) => closed.has(marker)).items.map((item) => item.id),
    ).toEqual([3, 1]);
  });
});
