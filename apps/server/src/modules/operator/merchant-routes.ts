import {
  flagBody,
  maintenanceBody,
  merchantCodeParams,
  merchantFlagParams,
  OPERATOR_PATHS,
  operatorMerchantResponse,
  operatorMerchantsResponse,
  regionBody,
  registrationRuleBody,
  registrationRuleParams,
  registrationRuleResponse,
  registrationRulesResponse,
} from '@kismat/contracts/operator';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import type { Merchant } from '../../platform/merchant';
import { currentOperator, operatorGuard, scopedMerchantByCode } from '../../platform/operator-auth';
import { bearerSecurity as security } from '../../platform/route-docs';
import { listRegistrationRules, setMerchantFlag, setMerchantMaintenance, setMerchantRegionRules } from '../system/index';
import { changeMerchantSettings, changeRegistrationRule } from './change-merchant-settings';
import { listOperatorMerchants } from './find-merchant';

const TAGS = ['operator'];

function presentMerchant(merchant: Merchant) {
  return {
    code: merchant.code,
    name: merchant.name,
    currency: merchant.currency,
    defaultLanguage: merchant.defaultLanguage,
    isMaintenance: merchant.isMaintenance,
    maintenanceEnd: merchant.maintenanceEnd?.toISOString() ?? null,
    blockedCountries: merchant.blockedCountries,
    ipAllowList: merchant.ipAllowList,
    ipBlockList: merchant.ipBlockList,
    whitelabel: merchant.whitelabel,
  };
}

/** Merchant site controls for operators: maintenance, region rules and feature flags. */
export async function registerOperatorMerchantRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Every operator route checks the operator credential and role before anything else runs.
  const read = operatorGuard('read');
  const settings = operatorGuard('settings');

  /** A settings change with its audit row; the merchant cache is dropped after the commit. */
  async function changeAudited(
    request: FastifyRequest,
    code: string,
    action: string,
    change: (db: Db, merchant: Merchant) => Promise<Merchant>,
    view: (merchant: Merchant) => Record<string, unknown>,
  ): Promise<Merchant> {
    const changed = await changeMerchantSettings(app.db, request, currentOperator(request), { code, action, change, view });
    app.merchants.invalidate();
    return changed;
  }

  routes.get(
    OPERATOR_PATHS.merchants,
    {
      onRequest: read,
      schema: {
        tags: TAGS,
        security,
        summary: 'The merchants this operator may manage (a merchant-scoped operator: its own)',
        response: { 200: operatorMerchantsResponse },
      },
    },
    async (request) => {
      const { merchantId } = currentOperator(request);
      return ok(request, { list: await listOperatorMerchants(app.db, merchantId) });
    },
  );

  routes.get(
    OPERATOR_PATHS.registrationRules,
    {
      onRequest: read,
      schema: {
        tags: TAGS,
        security,
        summary: "A merchant's registration field rules in form order",
        params: merchantCodeParams,
        response: { 200: registrationRulesResponse },
      },
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      return ok(request, { fields: await listRegistrationRules(app.db, merchant.id) });
    },
  );

  routes.get(
    OPERATOR_PATHS.merchant,
    {
      onRequest: read,
      schema: {
        tags: TAGS,
        security,
        summary: 'A merchant with its site controls',
        params: merchantCodeParams,
        response: { 200: operatorMerchantResponse },
      },
    },
    async (request) => {
      return ok(request, presentMerchant(await scopedMerchantByCode(request, request.params.code)));
    },
  );

  routes.put(
    OPERATOR_PATHS.maintenance,
    {
      onRequest: settings,
      schema: {
        tags: TAGS,
        security,
        summary: 'Switch maintenance on (with an optional planned end) or off',
        params: merchantCodeParams,
        body: maintenanceBody,
        response: { 200: operatorMerchantResponse },
      },
    },
    async (request) => {
      const { on, end } = request.body;
      const merchant = await changeAudited(
        request,
        request.params.code,
        'merchant.maintenance_changed',
        (db) => setMerchantMaintenance(db, request.params.code, { on, end: end ? new Date(end) : null }),
        (row) => ({ isMaintenance: row.isMaintenance, maintenanceEnd: row.maintenanceEnd?.toISOString() ?? null }),
      );
      request.log.info({ merchant: merchant.code, on }, 'operator changed maintenance');
      return ok(request, presentMerchant(merchant));
    },
  );

  routes.put(
    OPERATOR_PATHS.region,
    {
      onRequest: settings,
      schema: {
        tags: TAGS,
        security,
        summary: 'Replace blocked countries and the IP/CIDR allow and block lists',
        params: merchantCodeParams,
        body: regionBody,
        response: { 200: operatorMerchantResponse },
      },
    },
    async (request) => {
      const merchant = await changeAudited(
        request,
        request.params.code,
        'merchant.region_changed',
        (db) => setMerchantRegionRules(db, request.params.code, request.body),
        (row) => ({ blockedCountries: row.blockedCountries, ipAllowList: row.ipAllowList, ipBlockList: row.ipBlockList }),
      );
      request.log.info({ merchant: merchant.code }, 'operator changed region rules');
      return ok(request, presentMerchant(merchant));
    },
  );

  routes.put(
    OPERATOR_PATHS.flag,
    {
      onRequest: settings,
      schema: {
        tags: TAGS,
        security,
        summary: 'Switch a whitelabel module or feature flag',
        params: merchantFlagParams,
        body: flagBody,
        response: { 200: operatorMerchantResponse },
      },
    },
    async (request) => {
      const { flag } = request.params;
      const merchant = await changeAudited(
        request,
        request.params.code,
        'merchant.flag_changed',
        (db) => setMerchantFlag(db, request.params.code, flag, request.body.on),
        (row) => ({ flag, enabled: row.whitelabel.find((module) => module.modId === flag)?.enabled ?? null }),
      );
      request.log.info({ merchant: merchant.code, flag: request.params.flag, on: request.body.on }, 'operator changed a flag');
      return ok(request, presentMerchant(merchant));
    },
  );

  routes.put(
    OPERATOR_PATHS.registrationRule,
    {
      onRequest: settings,
      schema: {
        tags: TAGS,
        security,
        summary: 'Change one registration field rule: shown, required, lengths, pattern family',
        params: registrationRuleParams,
        body: registrationRuleBody,
        response: { 200: registrationRuleResponse },
      },
    },
    async (request) => {
      const { merchant, rule } = await changeRegistrationRule(app.db, request, currentOperator(request), {
        code: request.params.code,
        field: request.params.field,
        change: request.body,
      });
      request.log.info({ merchant: merchant.code, field: rule.field }, 'operator changed a registration rule');
      return ok(request, rule);
    },
  );
}
