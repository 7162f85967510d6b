import { useSyncExternalStore } from 'react';

/** Matches the CSS breakpoint: at 768 px and below the shell switches to its phone layout. */
export const MOBILE_QUERY = '(max-width: 768px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
