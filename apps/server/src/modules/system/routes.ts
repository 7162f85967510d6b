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
import { ok } from '../../platform/envelope';
import { computeFeatureFlags } from '../../platform/flags';
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

  routes.get(
    SYSTEM_PATHS.whitelabel,
    { schema: { tags: TAGS, summary: 'Whitelabel module tree and the ten feature flags', response: { 200: whitelabelResponse } } },
    async (request) =>
      ok(request, {
        merchantCode: request.merchant.code,
        flags: computeFeatureFlags(request.merchant.whitelabel),
        whitelabel: request.merchant.whitelabel,
      }),
  );

  routes.get(
    SYSTEM_PATHS.status,
    {
      schema: {
        tags: TAGS,
        summary: 'Site status: 0 normal, 1 maintenance (with its planned end), 2 region restricted; with the caller IP and country',
        response: { 200: statusResponse },
      },
    },
    async (request) => {
      const { status, maintenanceEnd, ip, country } = getSiteStatus(request.merchant, request.ip, app.now());
      return ok(request, { status, maintenanceEnd, ip, country });
    },
  );

  routes.get(
    SYSTEM_PATHS.domainRoute,
    { schema: { tags: TAGS, summary: "The merchant's domains by purpose", response: { 200: domainRouteResponse } } },
    async (request) => ok(request, await getDomainRoute(app.db, request.merchant)),
  );

  routes.get(
    SYSTEM_PATHS.helpCenter,
    {
      schema: {
        tags: TAGS,
        summary: 'Help-centre categories and articles (HTML) in the requested language',
        querystring: helpCenterQuery,
        response: { 200: helpCenterResponse },
      },
    },
    async (request) => ok(request, await getHelpCentre(app.db, request.merchant.id, request.language, request.query.device)),
  );

  routes.get(
    SYSTEM_PATHS.registerSettings,
    {
      schema: {
        tags: TAGS,
        summary: 'Registration field rules: shown, required, pattern and lengths',
        response: { 200: registerSettingsResponse },
      },
    },
    async (request) => ok(request, { fields: await listRegistrationRules(app.db, request.merchant.id) }),
  );

  routes.get(
    SYSTEM_PATHS.permission,
    {
      schema: {
        tags: TAGS,
        summary: 'Permission info: flags, rules, customer service, resources, domains, CDNs, location and site status',
        response: { 200: permissionResponse },
      },
    },
    async (request) =>
      ok(request, await getPermissionInfo(app.db, request.merchant, { ip: request.ip, now: app.now(), language: request.language })),
  );

  routes.get(
    SYSTEM_PATHS.countryCodes,
    {
      schema: {
        tags: TAGS,
        summary: 'Countries with dialing codes and national mobile-number length',
        response: { 200: countryCodesResponse },
      },
    },
    async (request, reply) => {
      // The list changes only with a release; an hour in the browser spares every register popup
      // a query. Private and varied: the names are in the caller's language, the order starts
      // with the caller's own country.
      reply.header('cache-control', 'private, max-age=3600');
      reply.header('vary', 'Language, Accept-Language, Cookie');
      return ok(request, await listCountries(app.db, request.language, lookupCountry(request.ip)));
    },
  );

  routes.post(
    SYSTEM_PATHS.language,
    {
      schema: {
        tags: TAGS,
        summary: "Records the caller's interface language (a cookie for visitors)",
        body: languageBody,
        response: { 200: languageResponse, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      recordLanguageChoice(request, reply, request.body.language);
      return ok(request, { language: request.body.language });
    },
  );
}
