import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come on screen (or within `rootMargin` of it): what it gates (an
 * encoder, a below-the-fold section) then loads once and stays (issue 16 item 6). With `rootRef`
 * the element is watched inside that scroller (e.g. a carousel's track) instead of the viewport;
 * `isInitiallyVisible` starts it as seen (what the first paint must already show).
 */
export function useHasBeenVisible(
  ref: RefObject<HTMLElement | null>,
  rootMargin?: string,
  rootRef?: RefObject<HTMLElement | null>,
  isInitiallyVisible = false,
): boolean {
  const [isVisible, setIsVisible] = useState(isInitiallyVisible);
  useEffect(() => {
    const element = ref.current;
    if (isVisible || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setIsVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsVisible(true);
      },
      { rootMargin, root: rootRef?.current ?? null },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, rootRef, isVisible]);
  return isVisible;
}
