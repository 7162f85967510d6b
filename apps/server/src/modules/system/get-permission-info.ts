import { type Language, parseLanguage } from '@kismat/contracts/languages';
import type { PermissionInfo } from '@kismat/contracts/system';
import type { DbOrTx } from '../../platform/db';
import { computeFeatureFlags } from '../../platform/flags';
import type { Merchant } from '../../platform/merchant';
import { parseMerchantSettings } from '../../platform/merchant-settings';
import { getDomainRoute } from './get-domain-route';
import { getSiteStatus } from './get-site-status';
import { listCustomerServices } from './list-customer-services';
import { listMerchantResources } from './list-merchant-resources';
import { listRegistrationRules } from './list-registration-rules';

/** Everything the web needs after its first load (spec section 3, "Permission info"). */
export async function getPermissionInfo(
  db: DbOrTx,
  merchant: Merchant,
  context: { ip: string; now: Date; language: Language },
): Promise<PermissionInfo> {
  const [customerService, domainRoute, resources, registration] = await Promise.all([
    listCustomerServices(db, merchant.id, context.language),
    getDomainRoute(db, merchant),
    listMerchantResources(db, merchant.id),
    listRegistrationRules(db, merchant.id),
  ]);
  const settings = parseMerchantSettings(merchant.settings);
  const status = getSiteStatus(merchant, context.ip, context.now);
  return {
    merchantCode: merchant.code,
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
    utcOffsetMinutes: merchant.utcOffsetMinutes,
    defaultLanguage: parseLanguage(merchant.defaultLanguage),
    customerService,
    domainRoute,
    resources,
    whitelabel: merchant.whitelabel,
    flags: computeFeatureFlags(merchant.whitelabel),
    registration,
    mainDomain: merchant.mainDomain,
    analytics: { gtagId: settings.gtagId },
    imageCDNs: settings.imageCDNs,
    launchGameCDNs: settings.launchGameCDNs,
    location: { ip: status.ip, country: status.country },
    maintenance: status.isMaintenance,
    regionRestriction: status.isRegionRestricted,
    maintenanceEnd: status.maintenanceEnd,
  };
}
