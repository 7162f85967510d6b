import { type ReactNode, useRef } from 'react';
import { useFirstScreenDone } from '@/lib/first-screen-done';
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
 * the section's own calls leave after the first screen's (issue 16 item 6).
 */
export function RenderWhenNear({ className, margin = '100% 0px', children }: RenderWhenNearProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const isFirstScreenDone = useFirstScreenDone();
  const isNear = useHasBeenVisible(boxRef, margin);
  return (
    <div ref={boxRef} className={className}>
      {isNear || isFirstScreenDone ? children : null}
    </div>
  );
}
