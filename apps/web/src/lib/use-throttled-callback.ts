import { useMemo, useRef } from 'react';
import { throttle } from './throttle';

/** A stable, leading-edge throttled version of `callback` that always calls its latest version. */
export function useThrottledCallback<Args extends unknown[]>(callback: (...args: Args) => void, waitMs: number): (...args: Args) => void {
  const latest = useRef(callback);
  latest.current = callback;
  return useMemo(() => throttle((...args: Args) => latest.current(...args), waitMs), [waitMs]);
}
