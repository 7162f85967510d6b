import { SITE_STATUS, type SiteStatus } from '@kismat/contracts/flags';
import type { Merchant } from '../../platform/merchant';
import { checkRegionAccess } from './check-region-access';
import { normaliseIp } from './lookup-country';

export type SiteStatusResult = {
  status: SiteStatus;
  isMaintenance: boolean;
  isRegionRestricted: boolean;
  /** ISO 8601 when maintenance is on and has a planned end. */
  maintenanceEnd: string | null;
  ip: string;
  country: string | null;
};

/** True while the merchant is switched to maintenance and its planned end (if any) is ahead. */
export function isMaintenanceActive(merchant: Pick<Merchant, 'isMaintenance' | 'maintenanceEnd'>, now: Date): boolean {
  if (!merchant.isMaintenance) return false;
  // A planned end closes the window by itself, so the site reopens on time without an operator.
  return merchant.maintenanceEnd === null || merchant.maintenanceEnd.getTime() > now.getTime();
}

/**
 * The site status the web chooses its page by (spec section 1): 2 region restricted, else
 * 1 maintenance, else 0. Region comes first so a blocked visitor learns nothing more.
 */
export function getSiteStatus(merchant: Merchant, ip: string, now: Date): SiteStatusResult {
  const access = checkRegionAccess(ip, merchant);
  const isMaintenance = isMaintenanceActive(merchant, now);
  let status: SiteStatus = SITE_STATUS.NORMAL;
  if (access.isRestricted) status = SITE_STATUS.REGION_RESTRICTED;
  else if (isMaintenance) status = SITE_STATUS.MAINTENANCE;
  return {
    status,
    isMaintenance,
    isRegionRestricted: access.isRestricted,
    maintenanceEnd: isMaintenance && merchant.maintenanceEnd ? merchant.maintenanceEnd.toISOString() : null,
    ip: normaliseIp(ip) ?? ip,
    country: access.country,
  };
}
