import type { Language } from '@kismat/contracts/languages';
import type { QueryClient } from '@tanstack/react-query';
import { GAME_CENTRE_CATEGORIES, paths } from '@/config/paths';
import { getGameMenusQueryOptions } from '@/features/catalogue/api/get-game-menus';
import { categoryFromPath } from '@/features/catalogue/utils/category-from-path';
import { sortVendors } from '@/features/catalogue/utils/nav-items';
import { getHomeAnnouncementsQueryOptions } from '@/features/home/api/get-announcements';
import { getHotGamesQueryOptions } from '@/features/home/api/get-hot-games';
import { firstHomeBannerUrl } from '@/features/home/utils/first-home-banner';
import { getPermissionQueryOptions } from '@/features/system/api/get-permission';
import { getSiteStatusQueryOptions } from '@/features/system/api/get-site-status';
import { preloadMemberPage } from './routes/member-page-chunks';

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
export function prefetchFirstScreen(queryClient: QueryClient, language: Language, pathname: string, search = ''): void {
  const permission = queryClient.prefetchQuery(getPermissionQueryOptions());
  void queryClient.prefetchQuery(getSiteStatusQueryOptions());
  if (pathname.replace(/(.)\/$/, '$1') === paths.member.path) {
    preloadMemberCentre(new URLSearchParams(search).get('page'));
    // The shell's game menus (side menu, top navigation), asked for after the permission as the
    // components would: arriving after the first render, the answer re-rendered the shell
    // synchronously (a store update), a long task on the wallet. Not the member's info: prefetched
    // here, its unread count missed the inbox's live update (the badge stayed empty, inbox.e2e).
    void permission.then(() => {
      void queryClient.prefetchQuery(getGameMenusQueryOptions(language));
    });
    return;
  }
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

/**
 * The member centre's code, asked for while the language chunk and the site gate's calls load
 * (the main thread waits on the network then), instead of from the router's first render: Vite's
 * preload helper appends a <link rel=modulepreload> per file the chunk imports (~40 for the
 * wallet's deposit page), a few ms each on a phone, which made that render one long task (issue
 * 16 item 6, wallet TBT). Each chunk's links in a task of their own; the route's loader asks again
 * (member-page-chunks keeps one load per page, the helper one link per file), so the files, the
 * order they run in and the error screens stay the router's.
 */
function preloadMemberCentre(page: string | null): void {
  const inOwnTask = (load: () => Promise<unknown>) => setTimeout(() => void load().catch(() => undefined), 0);
  inOwnTask(() => import('./routes/member-centre-route'));
  // The deposit page's two chunks (the limit prompt and the wallet pages) share a dozen files:
  // the prompt's first, then the rest with the page.
  if (page === 'depositv2') inOwnTask(() => import('@/features/responsible-gambling/components/deposit-limit-prompt'));
  inOwnTask(async () => preloadMemberPage(page));
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
