import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { usePermission } from '@/features/system/api/get-permission';
import { useSiteStatus } from '@/features/system/api/get-site-status';
import { LoadFailedPage, MaintenancePage, RegionBlockedPage } from '@/features/system/components/status-pages';
import { findCustomerService } from '@/features/system/utils/customer-service';
import { decideSite } from '@/features/system/utils/site-status';
import { removeFirstScreen } from '@/lib/first-screen';
import { removeLoadingCover } from '@/lib/loading-cover';
import { createAppRouter } from './router';

function AppRouter() {
  // One router for the app's life; created only once the site is open.
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}

/**
 * Loads permission data and the site status, then renders the app, the maintenance page or
 * the region-blocked page. Until then index.html's loading cover (or home's first screen) stays up.
 */
export function SiteGate() {
  const permission = usePermission();
  const status = useSiteStatus();
  const decision = decideSite({
    permission: permission.data,
    status: status.data,
    isPermissionSettled: !permission.isPending,
    isStatusSettled: !status.isPending,
  });
  // Opening the site renders the shell and the page (hundreds of elements) in one go: deferred,
  // React renders them in slices that let the browser paint and take input in between, not as one
  // long task (issue 16 item 6, total blocking time). Until then the cover (or home's first screen) stays.
  const isOpenShown = useDeferredValue(decision.kind === 'open');
  const liveChat = useMemo(() => findCustomerService(permission.data?.customerService ?? [], 'LIVECHAT'), [permission.data]);

  useEffect(() => {
    if (decision.kind === 'loading' || decision.kind === 'open') return;
    removeLoadingCover();
    removeFirstScreen();
  }, [decision.kind]);

  const retry = () => {
    void permission.refetch();
    void status.refetch();
  };

  switch (decision.kind) {
    case 'loading':
      return null;
    case 'failed':
      return <LoadFailedPage onRetry={retry} isRetrying={permission.isFetching || status.isFetching} />;
    case 'maintenance':
      return <MaintenancePage maintenanceEnd={decision.maintenanceEnd} liveChat={liveChat} onRetry={retry} />;
    case 'restricted':
      return <RegionBlockedPage ip={decision.ip} country={decision.country} liveChat={liveChat} />;
    case 'open':
      return isOpenShown ? <AppRouter /> : null;
  }
}
