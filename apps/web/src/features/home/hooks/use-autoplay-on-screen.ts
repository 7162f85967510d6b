import { useEffect, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';

/**
 * Autoplay only while the carousel is on screen: a carousel scrolled away (or below the fold of
 * a phone) stops sliding, so it costs no layout and paint work on the main thread until the
 * member sees it again (issue 16 item 6). Pass the result's setter to Swiper's onSwiper.
 */
export function useAutoplayOnScreen(): (swiper: SwiperInstance) => void {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  useEffect(() => {
    const element = swiper?.el;
    if (!swiper || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const autoplay = swiper.autoplay;
      if (!autoplay || swiper.destroyed || !swiper.params.autoplay) return;
      const isOnScreen = entries.some((entry) => entry.isIntersecting);
      if (isOnScreen && !autoplay.running) autoplay.start();
      else if (!isOnScreen && autoplay.running) autoplay.stop();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [swiper]);
  return setSwiper;
}
