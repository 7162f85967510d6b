import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import { CATEGORY_PATHS, GAME_CENTRE_CATEGORIES, GAME_LIST_CATEGORIES, paths } from '@/config/paths';
import { type LazyNamespace, loadNamespace } from '@/lib/i18n';
import { type ChunkName, loadChunk } from '@/lib/load-chunk';
import { RootLayout } from './root-layout';
import { createGuardLoader, type RouteAccess } from './route-guard';
import { AuthEntryRoute } from './routes/auth-entry';
import { HomeRoute } from './routes/home';
import { preloadMemberPage } from './routes/member-page-chunks';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';
import { SiteShell } from './shell/site-shell';

/**
 * A lazily loaded screen: its own chunk, loaded with the spec's 120 s timeout. A failure throws
 * a ChunkLoadError naming the chunk, which the route's error boundary turns into a reload offer.
 */
function lazyScreen<Module>(
  chunk: ChunkName,
  importer: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
  namespace?: LazyNamespace | readonly LazyNamespace[],
) {
  const namespaces: readonly LazyNamespace[] = namespace === undefined ? [] : typeof namespace === 'string' ? [namespace] : namespace;
  return async () => {
    const [module] = await Promise.all([loadChunk(chunk, importer), ...namespaces.map(loadNamespace)]);
    return { Component: pick(module) };
  };
}

/** Route flags live on `handle` (readable with useMatches) and are enforced by the loader. */
function guarded(access: RouteAccess): Pick<RouteObject, 'loader' | 'handle'> {
  return { loader: createGuardLoader(access), handle: access };
}

const gameCentre = lazyScreen(
  'GameCenter',
  () => import('./routes/game-routes'),
  (module) => module.GameCentreRoute,
);
const gameListCentre = lazyScreen(
  'GameListCenter',
  () => import('./routes/game-routes'),
  (module) => module.GameListCentreRoute,
);
const accountGames = lazyScreen(
  'AccountGame',
  () => import('./routes/game-routes'),
  (module) => module.AccountGamesRoute,
);
const lottery = lazyScreen(
  'Lottery',
  () => import('@/features/house-games/routes/lottery'),
  (module) => module.LotteryRoute,
  'houseGames',
);

const bgs = lazyScreen(
  'GameListCenter',
  () => import('./routes/bgs-route'),
  (module) => module.BgsRoute,
  // The in-house slots, originals and crash, and the PVP card originals.
  'houseGames',
);
const houseVerify = lazyScreen(
  'HouseGames',
  () => import('@/features/house-games/routes/verify-round'),
  (module) => module.VerifyRoundRoute,
  'houseGames',
);

const relative = (path: string) => path.replace(/^\//, '');

/** The member centre's guard; once it lets the member in, the page in the address (?page=) starts loading beside the route's chunk. */
const memberCentreAccess: RouteAccess = { requiresAuth: true, requiresRealAccount: true };
const memberCentreGuard = createGuardLoader(memberCentreAccess);
const memberCentreLoader: LoaderFunction = (args) => {
  const result = memberCentreGuard(args);
  preloadMemberPage(new URL(args.request.url).searchParams.get('page'));
  return result;
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // While the first screen's chunk loads, index.html's loading cover is still showing.
    HydrateFallback: () => null,
    children: [
      // Agent pages stand alone: no header, side menu or footer (spec section 2).
      {
        path: paths.agent.path,
        errorElement: <RouteError />,
        lazy: lazyScreen(
          'AgentLogin',
          () => import('./routes/agent-login-route'),
          (module) => module.AgentLoginRoute,
          'accounts',
        ),
      },
      {
        path: paths.agentHome.path,
        errorElement: <RouteError />,
        ...guarded({ requiresAgent: true }),
        lazy: lazyScreen(
          'AgentCenter',
          () => import('./routes/agent-centre-route'),
          (module) => module.AgentCentreRoute,
          // The register centre shows the field-rule messages of the accounts namespace; the
          // betting records are the member centre's.
          ['accounts', 'agentCentre', 'memberCentre'],
        ),
      },
      {
        element: <SiteShell />,
        children: [
          {
            // Errors render inside the shell, so the header and navigation stay usable.
            errorElement: <RouteError />,
            children: [
              { index: true, element: <HomeRoute /> },
              { path: 'index', element: <HomeRoute /> },
              { path: 'index.html', element: <HomeRoute /> },
              { path: 'home', element: <HomeRoute /> },
              { path: relative(paths.login.path), element: <AuthEntryRoute modal="login" /> },
              { path: relative(paths.register.path), element: <AuthEntryRoute modal="register" /> },
              {
                path: relative(paths.member.path),
                handle: memberCentreAccess,
                loader: memberCentreLoader,
                lazy: lazyScreen(
                  'MemberCenter',
                  () => import('./routes/member-centre-route'),
                  (module) => module.MemberCentrePage,
                  // The reward centre, bonus details and referral pages are the promotions feature's;
                  // the deposit page's limit prompt is safer gambling's.
                  ['accounts', 'promotions', 'loyalty', 'safer', 'memberCentre'],
                ),
              },
              {
                // Public: visitors find the help organisations; members their limits and breaks (issue 17).
                path: relative(paths.saferGambling.path),
                lazy: lazyScreen(
                  'SaferGambling',
                  () => import('@/features/responsible-gambling/routes/safer-gambling'),
                  (module) => module.SaferGamblingRoute,
                  'safer',
                ),
              },
              {
                path: relative(paths.help.path),
                lazy: lazyScreen(
                  'HelpCenter',
                  () => import('@/features/help/routes/help-centre'),
                  (module) => module.HelpCentreRoute,
                ),
              },
              ...GAME_CENTRE_CATEGORIES.map((category) => ({ path: relative(CATEGORY_PATHS[category]), lazy: gameCentre })),
              // /bgs also opens an in-house slot title (?gameCode=) and the round verify page.
              { path: relative(CATEGORY_PATHS.BGS), lazy: bgs },
              { path: `${relative(CATEGORY_PATHS.BGS)}/verify`, lazy: houseVerify },
              // /pvp lists the PVP games and opens the card originals (?gameCode=), as /bgs does the others.
              { path: relative(CATEGORY_PATHS.PVP), lazy: bgs },
              ...GAME_LIST_CATEGORIES.filter((category) => category !== 'BGS' && category !== 'PVP').map((category) => ({
                path: relative(CATEGORY_PATHS[category]),
                lazy: gameListCentre,
              })),
              { path: relative(paths.favorite.path), ...guarded({ requiresAuth: true }), lazy: accountGames },
              { path: relative(paths.recent.path), ...guarded({ requiresAuth: true }), lazy: accountGames },
              // Lottery pages need a stored token (spec section 2).
              { path: relative(paths.lottery.path), ...guarded({ requiresAuth: true }), lazy: lottery },
              { path: relative(paths.seaLottery.path), ...guarded({ requiresAuth: true }), lazy: lottery },
              { path: relative(paths.vnLottery.path), ...guarded({ requiresAuth: true }), lazy: lottery },
              {
                path: relative(paths.promotions.path),
                lazy: lazyScreen(
                  'Promotions',
                  () => import('./routes/promotions-route'),
                  (module) => module.PromotionsPage,
                  'promotions',
                ),
              },
              {
                path: relative(paths.pointMall.path),
                ...guarded({ requiresAuth: true, requiresRealAccount: true }),
                lazy: lazyScreen(
                  'PointMall',
                  () => import('@/features/points/routes/point-mall'),
                  (module) => module.PointMallRoute,
                  'loyalty',
                ),
              },
              {
                path: relative(paths.vip.path),
                ...guarded({ requiresAuth: true, requiresRealAccount: true }),
                lazy: lazyScreen(
                  'Vip',
                  () => import('@/features/loyalty/routes/vip-route'),
                  (module) => module.VipRoute,
                  'loyalty',
                ),
              },
              {
                path: relative(paths.seamless.path),
                ...guarded({ requiresAuth: true }),
                lazy: lazyScreen(
                  'Seamless',
                  () => import('./routes/game-routes'),
                  (module) => module.SeamlessRoute,
                ),
              },
              {
                // The app-download QR codes and links open this page (issue 16 item 7).
                path: 'app',
                lazy: lazyScreen(
                  'Install',
                  () => import('@/features/install/routes/install-page'),
                  (module) => module.InstallRoute,
                  'install',
                ),
              },
              {
                // The live chat room (issue 18): CBS_launchChat opens it; members and visitors alike.
                path: 'chat',
                lazy: lazyScreen(
                  'Chat',
                  () => import('@/features/chat/routes/chat-route'),
                  (module) => module.ChatRoute,
                  'chat',
                ),
              },
              { path: '*', element: <NotFoundRoute /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
