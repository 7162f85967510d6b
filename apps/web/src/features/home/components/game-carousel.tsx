import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Autoplay, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { HotGame } from '../api/get-hot-games';
import 'swiper/css';
import 'swiper/css/navigation';
import { useAutoplayOnScreen } from '../hooks/use-autoplay-on-screen';
import { HOT_ARROWS_ABOVE, HOT_AUTOPLAY_MS, HOT_SPEED_MS, hasCarouselArrows, SLIDES_PER_VIEW } from '../utils/carousel-rules';
import styles from './game-carousel.module.css';

interface GameCarouselProps {
  items: readonly HotGame[];
  getKey: (item: HotGame) => string;
  renderItem: (item: HotGame) => ReactNode;
}

/** The hot-games carousel: 4 per view, arrows above 7, autoplay 1200 ms at speed 1100. Lazy (Swiper). */
export function GameCarousel({ items, getKey, renderItem }: GameCarouselProps) {
  const { t } = useTranslation();
  const hasArrows = hasCarouselArrows(items.length, HOT_ARROWS_ABOVE);
  const onSwiper = useAutoplayOnScreen();
  return (
    <Swiper
      onSwiper={onSwiper}
      className={styles.carousel}
      modules={[Autoplay, Navigation]}
      slidesPerView={2.2}
      spaceBetween={12}
      breakpoints={{ 600: { slidesPerView: 3, spaceBetween: 14 }, 960: { slidesPerView: SLIDES_PER_VIEW, spaceBetween: 16 } }}
      speed={HOT_SPEED_MS}
      autoplay={items.length > SLIDES_PER_VIEW ? { delay: HOT_AUTOPLAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true } : false}
      loop={items.length > SLIDES_PER_VIEW}
      navigation={hasArrows}
      a11y={{ enabled: true, prevSlideMessage: t('home.hot.previous'), nextSlideMessage: t('home.hot.next') }}
      data-has-arrows={hasArrows ? '' : undefined}
    >
      {items.map((item) => (
        <SwiperSlide key={getKey(item)} className={styles.slide}>
          {renderItem(item)}
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
