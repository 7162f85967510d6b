import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come on screen (or within `rootMargin` of it): what it gates (an
 * encoder, a below-the-fold section) then loads once and stays (issue 16 item 6).
 */
export function useHasBeenVisible(ref: RefObject<HTMLElement | null>, rootMargin?: string): boolean {
  const [isVisible, setIsVisible] = useState(false);
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
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, isVisible]);
  return isVisible;
}
