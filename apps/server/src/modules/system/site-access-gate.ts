import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { getSiteStatus } from './get-site-status';

// The member-facing API. Operator (/admin-api) and vendor (/vendor-api) calls are never gated:
// operators end maintenance through them, and vendors must settle bets placed before it began.
const GATED_PREFIXES = ['/wps/', '/lgw/', '/lotto/'];
// What the maintenance and region-blocked pages still need: the status and permission calls,
// notices, generated art and live chat (the maintenance page's customer-service button).
const OPEN_PREFIXES = ['/wps/system/', '/lgw/images/', '/wps/relay/MCSFE_getListAnnouncements', '/wps/relay/CBS_'];

export function isGatedPath(path: string): boolean {
  return GATED_PREFIXES.some((prefix) => path.startsWith(prefix)) && !OPEN_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * Enforces the site status on the server: while the merchant is in maintenance, or the caller
 * is region restricted, member calls are refused (503 MAINTENANCE, 403 REGION_RESTRICTED). The
 * web shows the matching page from the status call; this stops a caller who skips the page.
 */
export function registerSiteAccessGate(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const merchant = request.merchant;
    if (!merchant || !request.routeOptions.url) return;
    // Most requests: nothing switched on, nothing to look up.
    const hasRegionRules = merchant.blockedCountries.length > 0 || merchant.ipBlockList.length > 0;
    if (!merchant.isMaintenance && !hasRegionRules) return;
    if (!isGatedPath(request.url.split('?')[0] ?? '')) return;
    const status = getSiteStatus(merchant, request.ip, app.now());
    if (status.isRegionRestricted) throw new AppError('REGION_RESTRICTED', { value: { ip: status.ip, country: status.country } });
    if (status.isMaintenance) throw new AppError('MAINTENANCE', { value: { maintenanceEnd: status.maintenanceEnd } });
  });
}
