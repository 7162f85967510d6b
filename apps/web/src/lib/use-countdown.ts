import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown in whole seconds, computed from a deadline rather than by counting ticks, so a
 * background tab (whose timers the browser slows down) still shows the right time.
 */
export function useCountdown(now: () => number = Date.now): { secondsLeft: number; start: (seconds: number) => void; reset: () => void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) setDeadline(null);
    };
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [deadline, now]);

  const start = useCallback(
    (seconds: number) => {
      setSecondsLeft(seconds);
      setDeadline(now() + seconds * 1000);
    },
    [now],
  );
  const reset = useCallback(() => {
    setDeadline(null);
    setSecondsLeft(0);
  }, []);
  return { secondsLeft, start, reset };
}
