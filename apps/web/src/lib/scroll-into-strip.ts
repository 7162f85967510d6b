/**
 * Centres the current entry of a horizontally scrolling strip (the phone nav, vendor chips)
 * without moving the page vertically, which scrollIntoView could do.
 */
export function centreCurrentInStrip(strip: HTMLElement | null, selector = '[aria-current]'): void {
  const current = strip?.querySelector<HTMLElement>(selector);
  if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return;
  const stripBox = strip.getBoundingClientRect();
  const currentBox = current.getBoundingClientRect();
  const offset = currentBox.left - stripBox.left + strip.scrollLeft;
  strip.scrollLeft = offset - strip.clientWidth / 2 + currentBox.width / 2;
}

/**
 * centreCurrentInStrip once the browser has laid the strip out (a ResizeObserver's first
 * callback, which runs after the frame's layout and before its paint), not from a React effect:
 * there, the read of the strip's size forced the page's layout in the middle of the first
 * render's work, and the render's later changes made the browser lay it out again (issue 16
 * item 6). Same scroll position in the first painted frame. Returns the effect's cleanup.
 */
export function centreCurrentInStripAfterLayout(strip: HTMLElement | null, selector = '[aria-current]'): () => void {
  return afterLayout(strip, () => centreCurrentInStrip(strip, selector));
}

/**
 * Runs `run` once the browser has laid `element` out (a ResizeObserver's first callback, after the
 * frame's layout and before its paint), or at once without an element or a ResizeObserver.
 * Returns the cleanup, which cancels it if it has not run.
 */
export function afterLayout(element: HTMLElement | null, run: () => void): () => void {
  if (!element || typeof ResizeObserver === 'undefined') {
    run();
    return () => undefined;
  }
  const observer = new ResizeObserver(() => {
    observer.disconnect();
    run();
  });
  observer.observe(element);
  return () => observer.disconnect();
}
