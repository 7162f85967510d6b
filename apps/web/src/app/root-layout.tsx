import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { ToastRegion } from '@/components/ui/toast-region';
import { useSessionRestore } from '@/features/session/hooks/use-session-restore';
import { usePermission } from '@/features/system/api/get-permission';
import { removeLoadingCover } from '@/lib/loading-cover';
import { scrollAfterNavigation } from '@/lib/scroll';
import { ModalHost } from './modal-host';
import styles from './root-layout.module.css';

/** Wraps every route: scroll after navigation, the loading cover, the route progress bar, popups, toasts, remember-me. */
export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const { data: permission } = usePermission();
  useSessionRestore(permission?.flags);

  useEffect(() => {
    removeLoadingCover();
  }, []);

  // Spec: after each navigation scroll smoothly to the top, or to the hash element.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key marks each navigation.
  useEffect(() => scrollAfterNavigation(location.hash), [location.key, location.hash]);

  const isNavigating = navigation.state !== 'idle';
  return (
    <>
      <div className={styles.progress} data-active={isNavigating ? '' : undefined} aria-hidden="true" />
      <Outlet />
      <ModalHost />
      <ToastRegion />
    </>
  );
}
