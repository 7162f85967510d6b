import type { ListAnnouncementsValue } from '@kismat/contracts/messages';

/** The image the home carousel shows first (banner-carousel.tsx: w_home, videos left out), or null. */
export function firstHomeBannerUrl(announcements: ListAnnouncementsValue | undefined): string | null {
  const banner = announcements?.banners.find((item) => item.groupName === 'w_home' && item.linkageType !== 'VIDEO');
  return banner?.url || null;
}
