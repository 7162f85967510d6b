/**
 * Leading-edge throttle: the first call runs, calls within `waitMs` after it are dropped.
 * The spec throttles the favourite star, the SMS button and the captcha refresh this way
 * (1000 ms) so a double click never sends two requests.
 */
export function throttle<Args extends unknown[]>(callback: (...args: Args) => void, waitMs: number): (...args: Args) => void {
  let lastRun = Number.NEGATIVE_INFINITY;
  return (...args: Args) => {
    const now = Date.now();
    if (now - lastRun < waitMs) return;
    lastRun = now;
    callback(...args);
  };
}
