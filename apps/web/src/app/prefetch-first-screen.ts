import type { Language } from '@kismat/contracts/languages';
import type { QueryClient } from '@tanstack/react-query';
import { GAME_CENTRE_CATEGORIES } from '@/config/paths';
import { getGameMenusQueryOptions } from '@/features/catalogue/api/get-game-menus';
import { categoryFromPath } from '@/features/catalogue/utils/category-from-path';
import { sortVendors } from '@/features/catalogue/utils/nav-items';
import { getHomeAnnouncementsQueryOptions } from '@/features/home/api/get-announcements';
import { getHotGamesQueryOptions } from '@/features/home/api/get-hot-games';
import { firstHomeBannerUrl } from '@/features/home/utils/first-home-banner';
import { getPermissionQueryOptions } from '@/features/system/api/get-permission';
import { getSiteStatusQueryOptions } from '@/features/system/api/get-site-status';

/** The paths the home route answers (app/router.tsx). */
const HOME_PATHS = new Set(['/', '/index', '/index.html', '/home']);

export function isHomePath(pathname: string): boolean {
  return HOME_PATHS.has(pathname.replace(/(.)\/$/, '$1'));
}

/**
 * Starts the first screen's calls while the language chunk loads, instead of after the first
 * render (issue 16 item 6): the site gate's permission and status, and on home the announcements
 * (the banner that is the page's largest paint) and the hot games (after the permission, whose
 * merchant code they name). The components read the same cache entries; a failure here is
 * theirs to show (prefetchQuery never throws). The first home banner (the largest paint) is
 * requested as soon as its address arrives, while React is still rendering the page that shows it.
 */
export function prefetchFirstScreen(queryClient: QueryClient, language: Language, pathname: string): void {
  const permission = queryClient.prefetchQuery(getPermissionQueryOptions());
  void queryClient.prefetchQuery(getSiteStatusQueryOptions());
  const category = categoryFromPath(pathname);
  if (category && GAME_CENTRE_CATEGORIES.includes(category)) {
    // A game centre (/sports, /esports, ...): its vendor logos are the largest paint. The menus
    // are asked for beside the route's chunk (not after its first render), and the lane's logos
    // (eager <img>s) as soon as the menus arrive.
    const menus = getGameMenusQueryOptions(language);
    void permission
      .then(() => queryClient.prefetchQuery(menus))
      .then(() => {
        const lane = (queryClient.getQueryData(menus.queryKey)?.menus ?? []).filter((menu) => menu.gameType === category);
        for (const vendor of sortVendors(lane.flatMap((menu) => menu.vendors)).slice(0, 4)) preloadImage(vendor.logoUrl);
      });
    return;
  }
  if (!isHomePath(pathname)) return;
  const announcements = getHomeAnnouncementsQueryOptions(language);
  void queryClient
    .prefetchQuery(announcements)
    .then(() => preloadImage(firstHomeBannerUrl(queryClient.getQueryData(announcements.queryKey))));
  void permission.then(() => queryClient.prefetchQuery(getHotGamesQueryOptions(language)));
}

/** A high-priority image request the <img> rendered later is answered from (same URL, same mode). */
function preloadImage(url: string | null): void {
  if (!url) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.fetchPriority = 'high';
  document.head.append(link);
}
