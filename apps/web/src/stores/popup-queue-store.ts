import { useEffect } from 'react';
import { create } from 'zustand';
import { useModalStore } from './modal-store';

/**
 * The popups that greet a member on their own (not opened by a click): shown one at a time, in
 * this order, as such sites do: the announcement first, the contract offer once it is closed.
 */
export const QUEUED_POPUPS = ['announcement', 'contractOffer'] as const;
export type QueuedPopup = (typeof QUEUED_POPUPS)[number];

/**
 * What a popup reports: `deciding` while it cannot tell yet (its data is loading), so a later
 * popup waits for it instead of opening first; `ready` when it has something to show; `none`.
 */
export type PopupState = 'none' | 'deciding' | 'ready';

interface PopupQueueState {
  states: Partial<Record<QueuedPopup, PopupState>>;
  /** The popup on screen; it keeps its turn until it is no longer ready (closed), never pre-empted. */
  showing: QueuedPopup | null;
  report: (popup: QueuedPopup, state: PopupState) => void;
}

/** The next popup to show: the current one while it is ready, else the first ready one with nobody earlier still deciding. */
export function nextPopup(states: Partial<Record<QueuedPopup, PopupState>>, showing: QueuedPopup | null): QueuedPopup | null {
  if (showing && states[showing] === 'ready') return showing;
  for (const popup of QUEUED_POPUPS) {
    const state = states[popup];
    if (state === 'ready') return popup;
    if (state === 'deciding') return null;
  }
  return null;
}

export const usePopupQueueStore = create<PopupQueueState>()((set) => ({
  states: {},
  showing: null,
  report: (popup, state) =>
    set((current) => {
      if (current.states[popup] === state) return current;
      const states = { ...current.states, [popup]: state };
      return { states, showing: nextPopup(states, current.showing) };
    }),
}));

/**
 * Test hook: the queue on <html data-greeting-popups>, e.g. "announcement:none contractOffer:ready
 * showing:contractOffer" (showing is the greeting on screen, none while a popup the person opened
 * holds it back), so browser tests wait until the greetings are decided instead of sleeping a
 * fixed time (e2e/support/site.ts dismissMemberPopups). Read by nothing in the site.
 */
function publishGreetings(): void {
  if (typeof document === 'undefined') return;
  const { states, showing } = usePopupQueueStore.getState();
  const onScreen = showing && useModalStore.getState().openModal === null ? showing : 'none';
  const entries = Object.entries(states).map(([popup, state]) => `${popup}:${state}`);
  document.documentElement.dataset.greetingPopups = [...entries, `showing:${onScreen}`].join(' ');
}
publishGreetings();
usePopupQueueStore.subscribe(publishGreetings);
useModalStore.subscribe(publishGreetings);

/**
 * Reports this popup's state to the queue (and `none` when it unmounts) and tells whether it is
 * its turn to be on screen. A popup the person opened (login, register, change password...)
 * comes first: a greeting never opens over a form being filled in, it waits until it closes.
 */
export function usePopupTurn(popup: QueuedPopup, state: PopupState): boolean {
  const report = usePopupQueueStore((store) => store.report);
  useEffect(() => {
    report(popup, state);
  }, [popup, state, report]);
  useEffect(() => () => report(popup, 'none'), [popup, report]);
  const isModalOpen = useModalStore((store) => store.openModal !== null);
  const isShowing = usePopupQueueStore((store) => store.showing === popup);
  return isShowing && !isModalOpen;
}
