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
