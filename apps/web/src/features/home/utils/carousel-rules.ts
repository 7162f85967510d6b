/** Spec section 9: carousels show 4 slides per view, with arrows above 12 items (above 7 for hot games). */
export const SLIDES_PER_VIEW = 4;
export const ROW_ARROWS_ABOVE = 12;
export const HOT_ARROWS_ABOVE = 7;
export const HOME_ROW_LIMIT = 12;
export const HOT_AUTOPLAY_MS = 1200;
export const HOT_SPEED_MS = 1100;
export const BANNER_AUTOPLAY_MS = 5000;
export const BANNER_SPEED_MS = 1000;
export const VIDEO_SLIDES_PER_VIEW = 1.8;

export function hasCarouselArrows(count: number, above: number): boolean {
  return count > above;
}

/** Looping needs something to loop to. */
export function shouldBannerLoop(count: number): boolean {
  return count > 1;
}
