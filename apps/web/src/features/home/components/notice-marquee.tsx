import type { AnnouncementItem } from '@kismat/contracts/messages';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import styles from './notice-marquee.module.css';

interface NoticeMarqueeProps {
  notices: readonly AnnouncementItem[];
  onOpen: (index: number) => void;
}

/** The titles' own width, from the first item's start to the last one's end (the track's padding and motion left out). */
function contentWidth(track: HTMLElement): number {
  const first = track.firstElementChild;
  const last = track.lastElementChild;
  if (!first || !last) return 0;
  return last.getBoundingClientRect().right - first.getBoundingClientRect().left;
}

/**
 * Whether the titles are wider than the strip: only then do they scroll. Titles that fit stand
 * still (easier to read; no motion that is not needed, WCAG 2.2.2), and a page that only shows
 * them costs nothing while it is open. Measured before the first paint and again whenever the
 * strip or the titles change size (a narrower window, a web font arriving, another language).
 */
function useOverflows(viewportRef: RefObject<HTMLDivElement | null>, trackRef: RefObject<HTMLUListElement | null>) {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    const track = trackRef.current;
    if (!viewport || !track) return;
    const measure = () => setOverflows(contentWidth(track) > viewport.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    for (const item of Array.from(track.children)) observer.observe(item);
    return () => observer.disconnect();
  });
  return overflows;
}

/** The notice marquee: each title scrolls past when they do not all fit; a click opens the notice popup at that index. */
export function NoticeMarquee({ notices, onOpen }: NoticeMarqueeProps) {
  const { t } = useTranslation();
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLUListElement>(null);
  const overflows = useOverflows(viewportRef, trackRef);
  if (notices.length === 0) return null;
  // Slow enough to read: about 9 s per notice, never under 20 s for the whole strip.
  const duration = Math.max(20, notices.length * 9);
  return (
    <section className={styles.marquee} aria-label={t('home.notices.label')}>
      <span className={styles.badge}>
        <Icon name="info" size={16} />
        <span className={styles.badgeText}>{t('home.notices.badge')}</span>
      </span>
      <div ref={viewportRef} className={styles.viewport} data-scrolling={overflows ? '' : undefined}>
        <ul ref={trackRef} className={styles.track} style={overflows ? { animationDuration: `${duration}s` } : undefined}>
          {notices.map((notice, index) => (
            <li key={notice.id}>
              <button type="button" className={styles.item} onClick={() => onOpen(index)}>
                {notice.title}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className={styles.all} onClick={() => onOpen(0)}>
        {t('home.notices.all')}
      </button>
    </section>
  );
}
