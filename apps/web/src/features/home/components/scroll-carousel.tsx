import { type ReactNode, type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { useHasBeenVisible } from '@/components/ui/use-has-been-visible';
import { useFirstScreenDone } from '@/lib/first-screen-done';
import { usePageSettled } from '../utils/use-page-settled';
import styles from './scroll-carousel.module.css';

export interface ScrollCarouselProps<Item> {
  items: readonly Item[];
  getKey: (item: Item) => string;
  renderSlide: (item: Item, index: number) => ReactNode;
  /** Time a slide rests before the next one slides in; null: no autoplay. */
  autoplayMs: number | null;
  /** After the last slide comes the first again (copies of the first slides follow the last). */
  loop: boolean;
  /** The most slides ever in view (the widest breakpoint): that many copies make the loop seamless. */
  maxPerView: number;
  /** Sets --per-view and --gap (per breakpoint) and the look of the frame. */
  className?: string;
  arrows?: { previous: string; next: string } | null;
  /** Clickable dots, one per slide; `label` names a dot's slide (1-based). */
  indicators?: { label: (slide: number) => string } | null;
  /** Announced as the carousel's name. */
  label?: string;
  testId?: string;
  dataAttributes?: Record<`data-${string}`, string>;
  /**
   * A slide's content is rendered only once it comes within a track's width of the track's view
   * (the slides around the first picture at once): a long list's first render holds the few
   * tiles on screen, not every tile and its loop copies (issue 16 item 6). The empty slides keep
   * their width, so the positions and the snapping are the same.
   */
  rendersNearSlidesOnly?: boolean;
}

/** A slide whose content waits until it comes within a track's width of the track's view. */
function NearSlide({
  trackRef,
  isInitiallyNear,
  className,
  copy,
  children,
}: {
  trackRef: RefObject<HTMLDivElement | null>;
  isInitiallyNear: boolean;
  className?: string;
  copy: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const isNear = useHasBeenVisible(ref, '0px 100%', trackRef, isInitiallyNear);
  return (
    <div ref={ref} className={className} aria-hidden={copy ? 'true' : undefined} inert={copy ? true : undefined}>
      {isNear ? children : null}
    </div>
  );
}

/** One of the two ways the last scroll stopped, where the browser has `scrollend`. */
const hasScrollEnd = typeof window !== 'undefined' && 'onscrollend' in window;
const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A carousel on the browser's own scrolling (scroll snap), in place of Swiper (issue 16 item 6):
 * sliding is the compositor's work, not a re-layout of every slide per step. Autoplay runs only
 * once the page has settled and its first screen is done (lib/first-screen-done.ts), while the carousel is on screen, the tab is visible and no mouse rests on it; a swipe, an arrow
 * or a dot restarts the wait (it never stops autoplay). Looping: copies of the last slides stand
 * before the first and copies of the first after the last (hidden from assistive technology, not
 * focusable); once the track stops on a copy it jumps, without motion, to the same picture among
 * the originals, so both directions go round.
 */
export function ScrollCarousel<Item>(props: ScrollCarouselProps<Item>) {
  const { items, getKey, renderSlide, autoplayMs, loop, maxPerView, className, arrows, indicators, label, testId, rendersNearSlidesOnly } =
    props;
  const trackRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLElement>(null);
  const count = items.length;
  // Positions on the track: `copies` copies, the originals, `copies` copies.
  const copies = loop && count > 1 ? Math.min(count, Math.ceil(maxPerView)) : 0;
  const lastPosition = count + 2 * copies - 1;
  const [active, setActive] = useState(0);
  const hoverRef = useRef(false);
  const [isVisible, setIsVisible] = useState(false);
  const hasIndicators = Boolean(indicators);

  /**
   * Distance between two slides' starts (slide width plus gap), measured when the track's size
   * changes (ResizeObserver), never while it moves: a read of offsetLeft on a page whose counters
   * just changed would force a layout of the whole page on every step.
   */
  const stepRef = useRef(0);
  const measure = useCallback(() => {
    const track = trackRef.current;
    const [first, second] = [track?.children[0] as HTMLElement | undefined, track?.children[1] as HTMLElement | undefined];
    stepRef.current = !first ? 0 : second ? second.offsetLeft - first.offsetLeft : first.offsetWidth;
  }, []);
  const step = useCallback((): number => {
    if (stepRef.current <= 0) measure();
    return stepRef.current;
  }, [measure]);

  const currentPosition = useCallback((): number => {
    const track = trackRef.current;
    const distance = step();
    return track && distance > 0 ? Math.round(track.scrollLeft / distance) : 0;
  }, [step]);

  /**
   * Where the track is heading while it slides (null once it stopped): an arrow pressed mid-slide
   * goes on from there, not from the half-way scroll offset (which rounds back to the slide it
   * is leaving, so a quick Previous then Next skipped a banner).
   */
  const targetRef = useRef<number | null>(null);

  const scrollToPosition = useCallback(
    (position: number, smooth = true) => {
      const track = trackRef.current;
      if (!track) return;
      targetRef.current = position;
      track.scrollTo({ left: position * step(), behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto' });
      // The dot moves as the slide starts moving, as Swiper's did.
      if (hasIndicators && count > 0) setActive((((position - copies) % count) + count) % count);
    },
    [copies, count, hasIndicators, step],
  );

  /**
   * The first original is where the track starts. It is put there from the observer's first
   * callback, which the browser runs after its own layout of the frame and before painting it: the
   * same first picture as a read during React's commit, without forcing the page's first layout
   * inside the commit (2.5-3.7 s of a 4x-throttled home profile). Later size changes only drop the
   * measured step, as before.
   */
  useLayoutEffect(() => {
    const track = trackRef.current;
    const place = () => {
      measure();
      if (copies > 0) scrollToPosition(copies, false);
    };
    if (!track || typeof ResizeObserver === 'undefined') {
      place();
      return;
    }
    let isPlaced = false;
    const observer = new ResizeObserver(() => {
      if (isPlaced) {
        stepRef.current = 0;
        return;
      }
      isPlaced = true;
      place();
    });
    observer.observe(track);
    return () => observer.disconnect();
  }, [copies, measure, scrollToPosition]);

  const go = useCallback(
    (direction: 1 | -1) => {
      if (count < 2) return;
      const position = targetRef.current ?? currentPosition();
      if (copies > 0) {
        scrollToPosition(Math.min(lastPosition, Math.max(0, position + direction)));
        return;
      }
      // Without a loop the end rewinds to the start.
      const lastStart = Math.max(0, count - Math.floor(maxPerView));
      if (direction === 1) scrollToPosition(position >= lastStart ? 0 : position + 1);
      else scrollToPosition(Math.max(0, position - 1));
    },
    [copies, count, currentPosition, lastPosition, maxPerView, scrollToPosition],
  );

  // Autoplay: the next slide `autoplayMs` after the last movement stopped.
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Autoplay begins once the page has loaded and gone idle, and the visitor touched it or left it
  // alone for a few seconds: no slide moves (a smooth scroll painted frame by frame) while a phone
  // is still busy with the first screen.
  const isPageSettled = usePageSettled();
  const isFirstScreenDone = useFirstScreenDone();
  const canPlay = autoplayMs !== null && isVisible && isPageSettled && isFirstScreenDone && count > Math.floor(maxPerView);
  const arm = useCallback(() => {
    if (timerRef.current) clearTimeout(timerRef.current);
    timerRef.current = null;
    if (!canPlay || autoplayMs === null) return;
    timerRef.current = setTimeout(function tick() {
      if (hoverRef.current || document.hidden) {
        timerRef.current = setTimeout(tick, autoplayMs);
        return;
      }
      go(1);
      // Re-armed when the scroll settles; this keeps it going should no scroll end be seen.
      timerRef.current = setTimeout(tick, autoplayMs + 1000);
    }, autoplayMs);
  }, [autoplayMs, canPlay, go]);

  useEffect(() => {
    arm();
    return () => {
      if (timerRef.current) clearTimeout(timerRef.current);
    };
  }, [arm]);

  // Where the track stopped: the dots follow; stopped on a copy, it jumps to the original. Read
  // once per stop, not per frame of the movement.
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let settleTimer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      const position = currentPosition();
      if (copies > 0 && position < copies) scrollToPosition(position + count, false);
      else if (copies > 0 && position >= copies + count) scrollToPosition(position - count, false);
      if (hasIndicators) setActive((((position - copies) % count) + count) % count);
      targetRef.current = null;
      arm();
    };
    const onScroll = () => {
      clearTimeout(settleTimer);
      settleTimer = setTimeout(settle, 150);
    };
    if (hasScrollEnd) track.addEventListener('scrollend', settle);
    else track.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      track.removeEventListener('scroll', onScroll);
      track.removeEventListener('scrollend', settle);
      clearTimeout(settleTimer);
    };
  }, [arm, copies, count, currentPosition, hasIndicators, scrollToPosition]);

  // On screen or not: a carousel scrolled away does no work at all.
  useEffect(() => {
    const root = rootRef.current;
    if (!root || typeof IntersectionObserver === 'undefined') {
      setIsVisible(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => setIsVisible(entries.some((entry) => entry.isIntersecting)));
    observer.observe(root);
    return () => observer.disconnect();
  }, []);

  // The slides do not depend on the position: moving re-renders the dots only.
  const slides = useMemo(() => {
    // The first picture (from the first original) and one slide either side.
    const firstNear = copies - 1;
    const lastNear = copies + Math.ceil(maxPerView);
    const slide = (item: Item, index: number, copy: 'before' | 'after' | null, position: number) => {
      const key = copy ? `${copy}-${getKey(item)}` : getKey(item);
      if (rendersNearSlidesOnly)
        return (
          <NearSlide
            key={key}
            trackRef={trackRef}
            isInitiallyNear={position >= firstNear && position <= lastNear}
            className={styles.slide}
            copy={copy !== null}
          >
            {renderSlide(item, index)}
          </NearSlide>
        );
      return copy ? (
        <div key={key} className={styles.slide} aria-hidden="true" inert>
          {renderSlide(item, index)}
        </div>
      ) : (
        <div key={key} className={styles.slide}>
          {renderSlide(item, index)}
        </div>
      );
    };
    return [
      ...items.slice(count - copies).map((item, offset) => slide(item, count - copies + offset, 'before', offset)),
      ...items.map((item, index) => slide(item, index, null, copies + index)),
      ...items.slice(0, copies).map((item, index) => slide(item, index, 'after', copies + count + index)),
    ];
  }, [items, getKey, renderSlide, copies, count, maxPerView, rendersNearSlidesOnly]);

  const hasControls = count > 1;
  return (
    <section
      ref={rootRef}
      className={className ? `${styles.carousel} ${className}` : styles.carousel}
      aria-roledescription="carousel"
      aria-label={label}
      data-testid={testId}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') hoverRef.current = true;
      }}
      onPointerLeave={() => {
        hoverRef.current = false;
      }}
      {...props.dataAttributes}
    >
      <div ref={trackRef} className={styles.track}>
        {slides}
      </div>
      {arrows && hasControls ? (
        <>
          <button type="button" className={`${styles.arrow} ${styles.previous}`} aria-label={arrows.previous} onClick={() => go(-1)}>
            <Icon name="chevronLeft" size={18} />
          </button>
          <button type="button" className={`${styles.arrow} ${styles.next}`} aria-label={arrows.next} onClick={() => go(1)}>
            <Icon name="chevronRight" size={18} />
          </button>
        </>
      ) : null}
      {indicators && hasControls ? (
        <div className={styles.dots}>
          {items.map((item, index) => (
            <button
              key={getKey(item)}
              type="button"
              className={styles.dot}
              aria-label={indicators.label(index + 1)}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => scrollToPosition(index + copies)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
