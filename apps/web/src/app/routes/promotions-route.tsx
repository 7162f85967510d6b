import { lazy, Suspense } from 'react';
import { PromotionsRoute } from '@/features/promotions/routes/promotions';
import { useGameActions } from './game-actions';

// Swiper stays out of the promotions page's first download, as on the home page.
const BannerCarousel = lazy(() =>
  import('@/features/home/components/banner-carousel').then((module) => ({ default: module.BannerCarousel })),
);

/** /promotions with the w_promotion video banners drawn by the home feature's carousel. */
export function PromotionsPage() {
  const { followGameLink } = useGameActions();
  return (
    <PromotionsRoute
      renderBanners={(banners) => (
        <Suspense fallback={null}>
          <BannerCarousel banners={banners} variant="promotion" onGameLink={followGameLink} />
        </Suspense>
      )}
    />
  );
}
