import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HotGame } from '../api/get-hot-games';
import { HOT_ARROWS_ABOVE, HOT_AUTOPLAY_MS, hasCarouselArrows, SLIDES_PER_VIEW } from '../utils/carousel-rules';
import styles from './game-carousel.module.css';
import { ScrollCarousel } from './scroll-carousel';

interface GameCarouselProps {
  items: readonly HotGame[];
  getKey: (item: HotGame) => string;
  renderItem: (item: HotGame) => ReactNode;
}

/** The hot-games carousel: 4 per view (2.2 on a phone, 3 from 600 px), arrows above 7, autoplay 1200 ms, loop. */
export function GameCarousel({ items, getKey, renderItem }: GameCarouselProps) {
  const { t } = useTranslation();
  const hasArrows = hasCarouselArrows(items.length, HOT_ARROWS_ABOVE);
  const isMoving = items.length > SLIDES_PER_VIEW;
  return (
    <ScrollCarousel
      items={items}
      getKey={getKey}
      renderSlide={renderItem}
      autoplayMs={isMoving ? HOT_AUTOPLAY_MS : null}
      loop={isMoving}
      maxPerView={SLIDES_PER_VIEW}
      className={styles.carousel}
      arrows={hasArrows ? { previous: t('home.hot.previous'), next: t('home.hot.next') } : null}
      dataAttributes={hasArrows ? { 'data-has-arrows': '' } : undefined}
      rendersNearSlidesOnly
    />
  );
}
