import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useModalStore } from '@/stores/modal-store';
import { useSessionStore } from '@/stores/session-store';
import { AccountMenu, accountMenuEntries } from './account-menu';

const ALL_OFF = { PTSYS3: false, MANPLAYREB3: false };

describe('accountMenuEntries (spec section 2, header)', () => {
  it('lists the base entries for a member on a wide screen', () => {
    expect(accountMenuEntries({ flags: ALL_OFF, isAgent: false, hasMoneyButtons: true })).toEqual([
      'bettingRecord',
      'accountRecord',
      'profitLoss',
      'rewardCenter',
      'securityCenter',
    ]);
  });

  it('adds points only with PTSYS3 and manual rebate only with MANPLAYREB3', () => {
    const entries = accountMenuEntries({ flags: { PTSYS3: true, MANPLAYREB3: true }, isAgent: false, hasMoneyButtons: true });
    expect(entries).toContain('points');
    expect(entries).toContain('manualRebate');
    expect(entries).not.toContain('agentCenter');
  });

  it('shows the agent centre to agents only', () => {
    expect(accountMenuEntries({ flags: ALL_OFF, isAgent: true, hasMoneyButtons: true })).toContain('agentCenter');
  });

  it('moves deposit and withdraw into the menu on phones', () => {
    expect(accountMenuEntries({ flags: ALL_OFF, isAgent: false, hasMoneyButtons: false }).slice(0, 2)).toEqual(['deposit', 'withdraw']);
  });
});

describe('AccountMenu', () => {
  beforeEach(() => {
    useModalStore.getState().close();
  });

  function renderMenu(isTrial: boolean) {
    useSessionStore.getState().signIn({ token: 't', nickname: 'Lucky', account: 'lucky1', isAgent: false, isTrial });
    const onSignOut = vi.fn();
    render(
      <MemoryRouter>
        <AccountMenu
          nickname="Lucky"
          isTrial={isTrial}
          isAgent={false}
          flags={ALL_OFF}
          hasMoneyButtons
          rewardCount={3}
          onSignOut={onSignOut}
        />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Lucky/ }));
    return { onSignOut };
  }

  it('shows the reward badge and signs out from the last entry', () => {
    const { onSignOut } = renderMenu(false);
    expect(screen.getByRole('menuitem', { name: /Reward centre/ }).textContent).toContain('3');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalled();
  });

  it('tells a trial player a true account is needed instead of opening the member centre', () => {
    renderMenu(true);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Security centre' }));
    expect(useModalStore.getState().openModal).toBe('trueAccount');
  });
});
