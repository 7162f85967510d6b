import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * How long after the `load` event a visitor who has not touched the page waits for the
 * decorative motion and the below-the-fold sections. On a mid-range phone the first screen's
 * renders, the first calls and the popup take the main thread for seconds after load; carousel
 * steps, counter ticks and the rows' render in that time each made it longer to become usable
 * (issue 16 item 6).
 */
export const FIRST_SCREEN_QUIET_MS = 5000;

// Not `scroll`: the carousels scroll their own tracks into place on the first render.
const INTERACTIONS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

let isDone = false;
let isArmed = false;
let timer: number | undefined;
const listeners = new Set<() => void>();

function finish(): void {
  if (isDone) return;
  isDone = true;
  window.clearTimeout(timer);
  for (const type of INTERACTIONS) window.removeEventListener(type, finish, true);
  window.removeEventListener('load', startQuietWait);
  for (const notify of [...listeners]) notify();
}

function startQuietWait(): void {
  timer = window.setTimeout(finish, FIRST_SCREEN_QUIET_MS);
}

function arm(): void {
  if (isArmed || typeof window === 'undefined') return;
  isArmed = true;
  // The visitor's first touch, key or wheel: they are using the page, the first screen is done.
  for (const type of INTERACTIONS) window.addEventListener(type, finish, { capture: true, passive: true });
  if (document.readyState === 'complete') startQuietWait();
  else window.addEventListener('load', startQuietWait, { once: true });
}

export function subscribeFirstScreenDone(listener: () => void): () => void {
  arm();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isFirstScreenDone(): boolean {
  arm();
  return isDone;
}

/**
 * True once the visitor has interacted with the page, or the page has loaded and been left
 * alone for FIRST_SCREEN_QUIET_MS: what is not part of the first screen (carousel autoplay, the
 * tiles' counters, sections below the fold that are not scrolled near) waits for it.
 */
export function useFirstScreenDone(): boolean {
  return useSyncExternalStore(subscribeFirstScreenDone, isFirstScreenDone, () => false);
}

/**
 * useFirstScreenDone for what the first screen's end reveals (sections, drop menus): false until
 * then, and the change to true is a transition, so React renders what it reveals in slices
 * between other work instead of one long task.
 */
export function useFirstScreenDoneInTransition(): boolean {
  const [isDue, setIsDue] = useState(false);
  useEffect(() => {
    const show = () => startTransition(() => setIsDue(true));
    if (isFirstScreenDone()) {
      show();
      return;
    }
    return subscribeFirstScreenDone(show);
  }, []);
  return isDue;
}
