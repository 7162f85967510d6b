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
import type { Db } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';
import { currentOperator, operatorGuard, scopedMerchantByCode } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { listRegistrationRules, setMerchantFlag, setMerchantMaintenance, setMerchantRegionRules } from '../system/index';
import { changeMerchantSettings, changeRegistrationRule } from './change-merchant-settings';
import { listOperatorMerchants } from './find-merchant';

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
  // These calls document their 200 answer only (no error answers), as before the builder.
  const route = defineRoutes(app, { tags: ['operator'], errors: {} });
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

  route.get(
    OPERATOR_PATHS.merchants,
    {
      summary: 'The merchants this operator may manage (a merchant-scoped operator: its own)',
      response: operatorMerchantsResponse,
      guard: read,
    },
    async (request) => {
      const { merchantId } = currentOperator(request);
      return { list: await listOperatorMerchants(app.db, merchantId) };
    },
  );

  route.get(
    OPERATOR_PATHS.registrationRules,
    {
      summary: "A merchant's registration field rules in form order",
      params: merchantCodeParams,
      response: registrationRulesResponse,
      guard: read,
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      return { fields: await listRegistrationRules(app.db, merchant.id) };
    },
  );

  route.get(
    OPERATOR_PATHS.merchant,
    {
      summary: 'A merchant with its site controls',
      params: merchantCodeParams,
      response: operatorMerchantResponse,
      guard: read,
    },
    async (request) => {
      return presentMerchant(await scopedMerchantByCode(request, request.params.code));
    },
  );

  route.put(
    OPERATOR_PATHS.maintenance,
    {
      summary: 'Switch maintenance on (with an optional planned end) or off',
      params: merchantCodeParams,
      body: maintenanceBody,
      response: operatorMerchantResponse,
      guard: settings,
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
      return presentMerchant(merchant);
    },
  );

  route.put(
    OPERATOR_PATHS.region,
    {
      summary: 'Replace blocked countries and the IP/CIDR allow and block lists',
      params: merchantCodeParams,
      body: regionBody,
      response: operatorMerchantResponse,
      guard: settings,
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
      return presentMerchant(merchant);
    },
  );

  route.put(
    OPERATOR_PATHS.flag,
    {
      summary: 'Switch a whitelabel module or feature flag',
      params: merchantFlagParams,
      body: flagBody,
      response: operatorMerchantResponse,
      guard: settings,
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
      return presentMerchant(merchant);
    },
  );

  route.put(
    OPERATOR_PATHS.registrationRule,
    {
      summary: 'Change one registration field rule: shown, required, lengths, pattern family',
      params: registrationRuleParams,
      body: registrationRuleBody,
      response: registrationRuleResponse,
      guard: settings,
    },
    async (request) => {
      const { merchant, rule } = await changeRegistrationRule(app.db, request, currentOperator(request), {
        code: request.params.code,
        field: request.params.field,
        change: request.body,
      });
      request.log.info({ merchant: merchant.code, field: rule.field }, 'operator changed a registration rule');
      return rule;
    },
  );
}
