import { type ReactNode, type RefObject, useRef } from 'react';
import { useFirstScreenDoneInTransition } from '@/lib/first-screen-done';
import { useHasBeenVisible } from './use-has-been-visible';

interface RenderWhenNearProps {
  /** The box's class: give it the section's height while empty (e.g. contain-intrinsic-size), so nothing moves. */
  className?: string;
  /** How near counts (an IntersectionObserver rootMargin); default: within a screen's height. */
  margin?: string;
  children: ReactNode;
}

/**
 * A section below the first screen: its children render once it comes within a screen of the
 * viewport, or once the first screen is done (lib/first-screen-done.ts), whichever is first.
 * The first render of a page (the phone's longest task) then holds only what is on screen, and
 * the section's own calls leave after the first screen's (issue 16 item 6). The render for a
 * done first screen is a transition: React renders it in slices between other work, where the
 * vendor rows and the winner board in one synchronous render were a task of 1.5-2 s on a
 * 4x-throttled phone.
 */
export function RenderWhenNear({ className, margin = '100% 0px', children }: RenderWhenNearProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const isShown = useIsNearOrDue(boxRef, margin);
  return (
    <div ref={boxRef} className={className}>
      {isShown ? children : null}
    </div>
  );
}

/** RenderWhenNear's rule for a box of one's own (e.g. an empty mark where the footer goes). */
export function useIsNearOrDue(ref: RefObject<HTMLElement | null>, margin = '100% 0px'): boolean {
  const isNear = useHasBeenVisible(ref, margin);
  const isDue = useFirstScreenDoneInTransition();
  return isNear || isDue;
}
