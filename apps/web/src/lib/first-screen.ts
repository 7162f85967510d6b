/*
 * The home page's first screen from the HTML (issue 16 item 6): on home the server puts a copy of
 * the header bar and the first banner over the app (index.html's template, apps/server
 * platform/home-first-screen.ts), so the largest paint needs no script. It has no background and
 * takes no pointer; the app renders under it, and it goes once the app's own first banner has
 * painted at the same place (the picture is decoded, then two frames), so the swap shows nothing
 * new where it was. It also goes at once when the app shows something else (another page, the
 * hero without banners, a status page), at the visitor's first touch, click, wheel or key (from
 * then on the app is what they use), and after LONGEST_MS in any case.
 */
const SCREEN_ID = 'first-screen';
const LONGEST_MS = 15_000;
const INPUTS = ['pointerdown', 'keydown', 'wheel'] as const;

export function removeFirstScreen(): void {
  document.getElementById(SCREEN_ID)?.remove();
  for (const type of INPUTS) window.removeEventListener(type, removeFirstScreen, true);
}

/** The app's own first home banner has loaded: the HTML's copy goes once it has been painted. */
export function handOffFirstScreen(image: HTMLImageElement): void {
  if (!document.getElementById(SCREEN_ID)) return;
  const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(removeFirstScreen));
  image.decode().then(afterPaint, afterPaint);
}

/** Called once at start: the visitor's first input, or a long wait, removes the first screen. */
export function watchFirstScreen(): void {
  if (!document.getElementById(SCREEN_ID)) return;
  for (const type of INPUTS) window.addEventListener(type, removeFirstScreen, { capture: true, passive: true });
  window.setTimeout(removeFirstScreen, LONGEST_MS);
}
