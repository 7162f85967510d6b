import { SITE_STATUS, type SiteStatus } from '@kismat/contracts/flags';
import type { PermissionInfo } from '@kismat/contracts/system';
import type { SiteStatusInfo } from '../api/get-site-status';

export type SiteDecision =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'open' }
  | { kind: 'maintenance'; maintenanceEnd: string | null }
  | { kind: 'restricted'; ip: string | null; country: string | null };

interface SiteDecisionInput {
  permission: PermissionInfo | undefined;
  status: SiteStatusInfo | undefined;
  isPermissionSettled: boolean;
  isStatusSettled: boolean;
}

function statusFromPermission(permission: PermissionInfo): SiteStatus {
  if (permission.regionRestriction) return SITE_STATUS.REGION_RESTRICTED;
  if (permission.maintenance) return SITE_STATUS.MAINTENANCE;
  return SITE_STATUS.NORMAL;
}

/**
 * Spec: the site status is chosen after the permission load; 0 renders the app, 1 the
 * maintenance page, 2 the region-blocked page. The status call decides; when it fails, the
 * permission data's own maintenance and region flags still do, so one failing call does not
 * lock visitors out.
 */
export function decideSite({ permission, status, isPermissionSettled, isStatusSettled }: SiteDecisionInput): SiteDecision {
  if (!isPermissionSettled || !isStatusSettled) return { kind: 'loading' };
  const code = status?.status ?? (permission ? statusFromPermission(permission) : null);
  if (code === null) return { kind: 'failed' };
  if (code === SITE_STATUS.MAINTENANCE) {
    return { kind: 'maintenance', maintenanceEnd: status?.maintenanceEnd ?? permission?.maintenanceEnd ?? null };
  }
  if (code === SITE_STATUS.REGION_RESTRICTED) {
    return {
      kind: 'restricted',
      ip: status?.ip ?? permission?.location.ip ?? null,
      country: status?.country ?? permission?.location.country ?? null,
    };
  }
  // The app needs the permission data (customer service, flags); without it, offer a retry.
  if (!permission) return { kind: 'failed' };
  return { kind: 'open' };
}
