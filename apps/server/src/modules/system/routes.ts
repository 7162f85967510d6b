import { errorEnvelope } from '@kismat/contracts/envelope';
import {
  countryCodesResponse,
  domainRouteResponse,
  helpCenterQuery,
  helpCenterResponse,
  languageBody,
  languageResponse,
  permissionResponse,
  registerSettingsResponse,
  SYSTEM_PATHS,
  statusResponse,
  whitelabelResponse,
} from '@kismat/contracts/system';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { computeFeatureFlags } from '../../platform/flags';
import { defineRoutes } from '../../platform/route';
import { getDomainRoute } from './get-domain-route';
import { getHelpCentre } from './get-help-centre';
import { getPermissionInfo } from './get-permission-info';
import { getSiteStatus } from './get-site-status';
import { listCountries } from './list-countries';
import { listRegistrationRules } from './list-registration-rules';
import { lookupCountry } from './lookup-country';
import { recordLanguageChoice } from './record-language-choice';

const TAGS = ['system'];

/** System calls of spec section 7: all public (N), all scoped by the request's merchant. */
export async function registerSystemRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const route = defineRoutes(routes, { tags: TAGS, security: false, errors: {} });
  route.get(
    SYSTEM_PATHS.whitelabel,
    { summary: 'Whitelabel module tree and the ten feature flags', response: whitelabelResponse },
    async (request) => ({
      merchantCode: request.merchant.code,
      flags: computeFeatureFlags(request.merchant.whitelabel),
      whitelabel: request.merchant.whitelabel,
    }),
  );

  route.get(
    SYSTEM_PATHS.status,
    {
      summary: 'Site status: 0 normal, 1 maintenance (with its planned end), 2 region restricted; with the caller IP and country',
      response: statusResponse,
    },
    async (request) => {
      const { status, maintenanceEnd, ip, country } = getSiteStatus(request.merchant, request.ip, app.now());
      return { status, maintenanceEnd, ip, country };
    },
  );

  route.get(
    SYSTEM_PATHS.domainRoute,
    { summary: "The merchant's domains by purpose", response: domainRouteResponse },
    async (request) => await getDomainRoute(app.db, request.merchant),
  );

  route.get(
    SYSTEM_PATHS.helpCenter,
    {
      summary: 'Help-centre categories and articles (HTML) in the requested language',
      querystring: helpCenterQuery,
      response: helpCenterResponse,
    },
    async (request) => await getHelpCentre(app.db, request.merchant.id, request.language, request.query.device),
  );

  route.get(
    SYSTEM_PATHS.registerSettings,
    {
      summary: 'Registration field rules: shown, required, pattern and lengths',
      response: registerSettingsResponse,
    },
    async (request) => ({ fields: await listRegistrationRules(app.db, request.merchant.id) }),
  );

  route.get(
    SYSTEM_PATHS.permission,
    {
      summary: 'Permission info: flags, rules, customer service, resources, domains, CDNs, location and site status',
      response: permissionResponse,
    },
    async (request) => await getPermissionInfo(app.db, request.merchant, { ip: request.ip, now: app.now(), language: request.language }),
  );

  route.get(
    SYSTEM_PATHS.countryCodes,
    {
      summary: 'Countries with dialing codes and national mobile-number length',
      response: countryCodesResponse,
    },
    async (request, reply) => {
      // The list changes only with a release; an hour in the browser spares every register popup
      // a query. Private and varied: the names are in the caller's language, the order starts
      // with the caller's own country.
      reply.header('cache-control', 'private, max-age=3600');
      reply.header('vary', 'Language, Accept-Language, Cookie');
      return await listCountries(app.db, request.language, lookupCountry(request.ip));
    },
  );

  route.post(
    SYSTEM_PATHS.language,
    {
      summary: "Records the caller's interface language (a cookie for visitors)",
      body: languageBody,
      response: languageResponse,
      errors: { 422: errorEnvelope },
    },
    async (request, reply) => {
      recordLanguageChoice(request, reply, request.body.language);
      return { language: request.body.language };
    },
  );
}
