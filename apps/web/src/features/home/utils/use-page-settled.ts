import { useEffect, useState } from 'react';

/**
 * True once the page has loaded and the browser is idle (at most 2 s later). Work the first
 * screen does not need (the popup's code, carousels' autoplay) waits for it instead of competing
 * with the first paint and the first calls on a phone's main thread (issue 16 item 6).
 */
export function usePageSettled(): boolean {
  const [isSettled, setIsSettled] = useState(false);
  useEffect(() => {
    let idle = 0;
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => setIsSettled(true), { timeout: 2000 });
      else idle = window.setTimeout(() => setIsSettled(true), 200);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      clearTimeout(idle);
    };
  }, []);
  return isSettled;
}
