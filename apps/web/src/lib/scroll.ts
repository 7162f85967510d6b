const HASH_WAIT_MS = 3000;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}

/**
 * After a navigation: smooth scroll to the hash target, or to the top. The target may belong to
 * content still loading (the help centre's articles), so it is looked for until it appears.
 * Returns a cancel function for the next navigation.
 */
export function scrollAfterNavigation(hash: string): () => void {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) {
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
    return () => undefined;
  }
  let frame = 0;
  const startedAt = performance.now();
  const seek = () => {
    const target = document.getElementById(id);
    if (target) {
      target.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
      return;
    }
    if (performance.now() - startedAt < HASH_WAIT_MS) frame = window.requestAnimationFrame(seek);
  };
  seek();
  return () => window.cancelAnimationFrame(frame);
}
