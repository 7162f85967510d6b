import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { closeModal, openLoginModal } from './modal-store';
import { nextPopup, usePopupTurn } from './popup-queue-store';

describe('greeting popup queue', () => {
  it('shows the announcement before the contract offer', () => {
    expect(nextPopup({ announcement: 'ready', contractOffer: 'ready' }, null)).toBe('announcement');
  });

  it('holds the offer while the announcement list is still loading', () => {
    expect(nextPopup({ announcement: 'deciding', contractOffer: 'ready' }, null)).toBeNull();
  });

  it('opens the offer once the announcement is closed or has nothing to show', () => {
    expect(nextPopup({ announcement: 'none', contractOffer: 'ready' }, 'announcement')).toBe('contractOffer');
    expect(nextPopup({ contractOffer: 'ready' }, null)).toBe('contractOffer');
  });

  it('never takes the screen from a popup that is open', () => {
    expect(nextPopup({ announcement: 'ready', contractOffer: 'ready' }, 'contractOffer')).toBe('contractOffer');
  });
});

describe('a popup the person opened', () => {
  it('keeps the greeting back until it is closed', () => {
    const { result } = renderHook(() => usePopupTurn('announcement', 'ready'));
    expect(result.current).toBe(true);
    act(() => openLoginModal());
    expect(result.current).toBe(false);
    act(() => closeModal());
    expect(result.current).toBe(true);
  });
});
