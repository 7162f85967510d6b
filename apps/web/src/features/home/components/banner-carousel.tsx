import type { BannerItem } from '@kismat/contracts/messages';
import { type SyntheticEvent, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { handOffFirstScreen, removeFirstScreen } from '@/lib/first-screen';
import { useLanguage } from '@/stores/language-store';
import { BANNER_AUTOPLAY_MS, shouldBannerLoop, VIDEO_SLIDES_PER_VIEW } from '../utils/carousel-rules';
import { pickVideoSources, type VideoSource } from '../utils/video-url';
import styles from './banner-carousel.module.css';
import { ScrollCarousel } from './scroll-carousel';

interface BannerCarouselProps {
  banners: readonly BannerItem[];
  /** w_promotion: video links become embeds (1.8 per view); images stay images. */
  variant: 'home' | 'promotion';
  onGameLink?: (linkage: string) => void;
}

/** Home's first banner in place: the HTML's copy of it (lib/first-screen.ts) can go. */
const firstScreenHandOff = {
  onLoad: (event: SyntheticEvent<HTMLImageElement>) => handOffFirstScreen(event.currentTarget),
  onError: removeFirstScreen,
};

function isSafeExternal(link: string): boolean {
  try {
    return new URL(link).protocol === 'https:';
  } catch {
    return false;
  }
}

type Slide = { kind: 'video'; item: BannerItem; source: VideoSource } | { kind: 'image'; banner: BannerItem; isFirst: boolean };

const slideKey = (slide: Slide) => (slide.kind === 'video' ? `video-${slide.item.id}` : `image-${slide.banner.id}`);

/** Banners (autoplay 5000 ms, loop when more than one, dots; arrows on wide screens). Scroll snap, no library. */
export function BannerCarousel({ banners, variant, onGameLink }: BannerCarouselProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const videoLinks = useMemo(() => banners.filter((banner) => banner.linkageType === 'VIDEO'), [banners]);
  const videos = useMemo(() => (variant === 'promotion' ? pickVideoSources(videoLinks, language) : []), [variant, videoLinks, language]);
  const slides = useMemo<Slide[]>(
    () => [
      ...videos.map(({ item, source }) => ({ kind: 'video' as const, item, source })),
      ...banners
        .filter((banner) => banner.linkageType !== 'VIDEO')
        .map((banner, index) => ({ kind: 'image' as const, banner, isFirst: index === 0 })),
    ],
    [videos, banners],
  );
  const isVideoMode = videos.length > 0;

  const renderSlide = useCallback(
    (slide: Slide) => {
      if (slide.kind === 'video')
        return (
          <div className={styles.video}>
            <iframe
              src={slide.source.embedUrl}
              title={slide.item.title || t('home.banners.video')}
              loading="lazy"
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        );
      const { banner } = slide;
      const image = (
        <img
          className={styles.image}
          src={banner.url}
          alt={banner.title}
          width={1200}
          height={400}
          loading={slide.isFirst ? 'eager' : 'lazy'}
          fetchPriority={slide.isFirst && variant === 'home' ? 'high' : undefined}
          decoding="async"
          draggable={false}
          {...(slide.isFirst && variant === 'home' ? firstScreenHandOff : {})}
        />
      );
      if (banner.linkageType === 'NONE') return image;
      const follow = () => {
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
      return (
        <button type="button" className={styles.link} onClick={follow}>
          {image}
        </button>
      );
    },
    [t, navigate, onGameLink, variant],
  );

  if (slides.length === 0) return null;
  const hasMany = slides.length > 1;
  return (
    <ScrollCarousel
      items={slides}
      getKey={slideKey}
      renderSlide={renderSlide}
      autoplayMs={hasMany ? BANNER_AUTOPLAY_MS : null}
      loop={shouldBannerLoop(slides.length)}
      maxPerView={isVideoMode ? VIDEO_SLIDES_PER_VIEW : 1}
      className={[styles.carousel, variant === 'promotion' ? styles.promotion : styles.home, isVideoMode ? styles.videoMode : ''].join(' ')}
      arrows={{ previous: t('home.banners.previous'), next: t('home.banners.next') }}
      indicators={{ label: (number) => t('home.banners.goTo', { number }) }}
      label={variant === 'promotion' ? t('home.banners.promotions') : undefined}
      testId={variant === 'home' ? 'home-banners' : 'promotion-banners'}
    />
  );
}
