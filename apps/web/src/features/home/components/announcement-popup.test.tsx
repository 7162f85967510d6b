import type { MemberInfo } from '@kismat/contracts/member';
import type { AnnouncementItem, PopupExecution } from '@kismat/contracts/messages';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePopupQueueStore } from '@/stores/popup-queue-store';
import { useSessionStore } from '@/stores/session-store';
import { renderWithProviders } from '@/test/render';
import { AnnouncementPopup } from './announcement-popup';

function popup(id: number, execution: PopupExecution, title: string): AnnouncementItem {
  return { id, type: 'PU', title, content: `<p>${title}</p>`, execution, announcementImages: [], sort: id, startsAt: '', endsAt: null };
}

const POPUPS = [popup(1, 'B', 'New here? Get a bonus'), popup(2, 'A', "Today's rewards"), popup(3, 'F', 'Welcome aboard')];

function signIn(isTrial: boolean) {
  act(() => {
    useSessionStore.getState().signIn({ token: 't', nickname: 'nick', account: 'player1', isAgent: false, isTrial });
    useSessionStore.getState().setMember({ nickname: 'nick', isAgent: false, isTrial } as MemberInfo);
  });
}

describe('the visitors’ welcome popup after a sign-out', () => {
  afterEach(() => {
    act(() => useSessionStore.getState().signOut());
    sessionStorage.clear();
    act(() => useSessionStore.getState().refresh());
    usePopupQueueStore.setState({ states: {}, showing: null });
  });

  it('greets a visitor who never signed in', async () => {
    renderWithProviders(<AnnouncementPopup popups={POPUPS} />);
    expect(await screen.findByRole('heading', { name: 'New here? Get a bonus' }, { timeout: 5000 })).toBeTruthy();
  });

  it('does not greet a member who just signed out as new', async () => {
    signIn(false);
    act(() => useSessionStore.getState().signOut());
    renderWithProviders(<AnnouncementPopup popups={POPUPS} />);
    // The popup tells the greeting queue whether it has something to show once it decided.
    await waitFor(() => expect(usePopupQueueStore.getState().states.announcement).toBeDefined());
    expect(usePopupQueueStore.getState().states.announcement).toBe('none');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('still greets a trial player who leaves free play (no account yet)', async () => {
    signIn(true);
    act(() => useSessionStore.getState().signOut());
    renderWithProviders(<AnnouncementPopup popups={POPUPS} />);
    expect(await screen.findByRole('heading', { name: 'New here? Get a bonus' }, { timeout: 5000 })).toBeTruthy();
  });
});
