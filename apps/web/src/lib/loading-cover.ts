const COVER_ID = 'loading-cover';
const FADE_MS = 260;

/** Fades out and removes index.html's loading cover; later calls do nothing. */
export function removeLoadingCover(): void {
  const cover = document.getElementById(COVER_ID);
  if (!cover || cover.dataset.leaving !== undefined) return;
  cover.dataset.leaving = '';
  window.setTimeout(() => cover.remove(), FADE_MS);
}
