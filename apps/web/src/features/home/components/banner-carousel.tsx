import type { BannerItem } from '@kismat/contracts/messages';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Autoplay, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { useLanguage } from '@/stores/language-store';
import { useAutoplayOnScreen } from '../hooks/use-autoplay-on-screen';
import { BANNER_AUTOPLAY_MS, BANNER_SPEED_MS, shouldBannerLoop, VIDEO_SLIDES_PER_VIEW } from '../utils/carousel-rules';
import { pickVideoSources } from '../utils/video-url';
import styles from './banner-carousel.module.css';

interface BannerCarouselProps {
  banners: readonly BannerItem[];
  /** w_promotion: video links become embeds (1.8 per view); images stay images. */
  variant: 'home' | 'promotion';
  onGameLink?: (linkage: string) => void;
}

function isSafeExternal(link: string): boolean {
  try {
    return new URL(link).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Banners (autoplay 5000 ms, speed 1000 ms, loop when more than one). Loaded lazily with Swiper. */
export function BannerCarousel({ banners, variant, onGameLink }: BannerCarouselProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const onSwiper = useAutoplayOnScreen();
  const videoLinks = useMemo(() => banners.filter((banner) => banner.linkageType === 'VIDEO'), [banners]);
  const videos = useMemo(() => (variant === 'promotion' ? pickVideoSources(videoLinks, language) : []), [variant, videoLinks, language]);
  const images = banners.filter((banner) => banner.linkageType !== 'VIDEO');
  const isVideoMode = videos.length > 0;
  const slideCount = images.length + videos.length;
  if (slideCount === 0) return null;

  const follow = (banner: BannerItem) => {
    switch (banner.linkageType) {
      case 'INTERNAL':
        if (banner.linkage.startsWith('/')) void navigate(banner.linkage);
        break;
      case 'PROMOTION':
        void navigate(`/promotions?id=${encodeURIComponent(banner.linkage)}`);
        break;
      case 'EXTERNAL':
        if (isSafeExternal(banner.linkage)) window.open(banner.linkage, '_blank', 'noopener,noreferrer');
        break;
      case 'GAME':
        onGameLink?.(banner.linkage);
        break;
      default:
        break;
    }
  };

  const loop = shouldBannerLoop(slideCount);
  return (
    <Swiper
      onSwiper={onSwiper}
      className={[styles.carousel, variant === 'promotion' ? styles.promotion : styles.home].join(' ')}
      modules={[Autoplay, Navigation, Pagination]}
      slidesPerView={isVideoMode ? 1.2 : 1}
      spaceBetween={isVideoMode ? 12 : 0}
      breakpoints={isVideoMode ? { 768: { slidesPerView: VIDEO_SLIDES_PER_VIEW, spaceBetween: 16 } } : undefined}
      speed={BANNER_SPEED_MS}
      loop={loop}
      autoplay={slideCount > 1 ? { delay: BANNER_AUTOPLAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true } : false}
      navigation={slideCount > 1}
      pagination={slideCount > 1 ? { clickable: true } : false}
      a11y={{ enabled: true }}
      data-testid={variant === 'home' ? 'home-banners' : 'promotion-banners'}
    >
      {videos.map(({ item, source }) => (
        <SwiperSlide key={`video-${item.id}`} className={styles.slide}>
          <div className={styles.video}>
            <iframe
              src={source.embedUrl}
              title={item.title || t('home.banners.video')}
              loading="lazy"
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        </SwiperSlide>
      ))}
      {images.map((banner, index) => {
        const isClickable = banner.linkageType !== 'NONE';
        const image = (
          <img
            className={styles.image}
            src={banner.url}
            alt={banner.title}
            width={1200}
            height={400}
            loading={index === 0 ? 'eager' : 'lazy'}
            decoding="async"
          />
        );
        return (
          <SwiperSlide key={banner.id} className={styles.slide}>
            {isClickable ? (
              <button type="button" className={styles.link} onClick={() => follow(banner)}>
                {image}
              </button>
            ) : (
              image
            )}
          </SwiperSlide>
        );
      })}
    </Swiper>
  );
}
