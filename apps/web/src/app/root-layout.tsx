import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { ToastRegion } from '@/components/ui/toast-region';
import { useSessionRestore } from '@/features/session/hooks/use-session-restore';
import { usePermission } from '@/features/system/api/get-permission';
import { removeFirstScreen } from '@/lib/first-screen';
import { loadNamespace } from '@/lib/i18n';
import { removeLoadingCover } from '@/lib/loading-cover';
import { scrollAfterNavigation } from '@/lib/scroll';
import { useSessionStore } from '@/stores/session-store';
import { ModalHost } from './modal-host';
import { isHomePath } from './prefetch-first-screen';
import styles from './root-layout.module.css';

// A logged-in member's header balance follows /ws pushes on every page; visitors never load it.
const WalletLive = lazy(() => import('@/features/wallet/components/wallet-live'));
// The reality check (issue 17) watches the server's schedule for a real member on every page.
const RealityCheckWatcher = lazy(async () => {
  const [module] = await Promise.all([import('@/features/responsible-gambling/components/reality-check-watcher'), loadNamespace('safer')]);
  return module;
});

/** Wraps every route: scroll after navigation, the loading cover, the route progress bar, popups, toasts, remember-me, live balance. */
export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const { data: permission } = usePermission();
  useSessionRestore(permission?.flags);
  const isLogin = useSessionStore((state) => state.isLogin);
  const isRealMember = useSessionStore((state) => state.isLogin && !state.isTrial && !state.isAgent);

  useEffect(() => {
    removeLoadingCover();
  }, []);

  // Spec: after each navigation scroll smoothly to the top, or to the hash element.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key marks each navigation.
  useEffect(() => scrollAfterNavigation(location.hash), [location.key, location.hash]);

  // Home's first screen from the HTML stands for home only (lib/first-screen.ts).
  useEffect(() => {
    if (!isHomePath(location.pathname)) removeFirstScreen();
  }, [location.pathname]);

  const isNavigating = navigation.state !== 'idle';
  return (
    <>
      <div className={styles.progress} data-active={isNavigating ? '' : undefined} aria-hidden="true" />
      <Outlet />
      <ModalHost />
      <ToastRegion />
      {isLogin ? (
        <Suspense fallback={null}>
          <WalletLive />
        </Suspense>
      ) : null}
      {isRealMember ? (
        <Suspense fallback={null}>
          <RealityCheckWatcher />
        </Suspense>
      ) : null}
    </>
  );
}
