import {
  flagBody,
  maintenanceBody,
  merchantCodeParams,
  merchantFlagParams,
  OPERATOR_PATHS,
  operatorMerchantResponse,
  regionBody,
  registrationRuleBody,
  registrationRuleParams,
  registrationRuleResponse,
} from '@kismat/contracts/operator';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchants } from '../../db/schema/merchants';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import type { Merchant } from '../../platform/merchant';
import { requireOperator } from '../../platform/operator-auth';
import { setMerchantFlag } from '../system/set-merchant-flag';
import { setMerchantMaintenance } from '../system/set-merchant-maintenance';
import { setMerchantRegionRules } from '../system/set-merchant-region-rules';
import { updateRegistrationRule } from '../system/update-registration-rule';

const TAGS = ['operator'];
const security = [{ bearer: [] }];

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
  // Every operator route checks the operator credential before anything else runs.
  const onRequest = async (request: FastifyRequest) => requireOperator(request);

  routes.get(
    OPERATOR_PATHS.merchant,
    {
      onRequest,
      schema: {
        tags: TAGS,
        security,
        summary: 'A merchant with its site controls',
        params: merchantCodeParams,
        response: { 200: operatorMerchantResponse },
      },
    },
    async (request) => {
      const [merchant] = await app.db.select().from(merchants).where(eq(merchants.code, request.params.code)).limit(1);
      if (!merchant) throw new AppError('NOT_FOUND');
      return ok(request, presentMerchant(merchant));
    },
  );

  routes.put(
    OPERATOR_PATHS.maintenance,
    {
      onRequest,
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
      const merchant = await setMerchantMaintenance(app.db, request.params.code, { on, end: end ? new Date(end) : null }, app.merchants);
      request.log.info({ merchant: merchant.code, on }, 'operator changed maintenance');
      return ok(request, presentMerchant(merchant));
    },
  );

  routes.put(
    OPERATOR_PATHS.region,
    {
      onRequest,
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
      const merchant = await setMerchantRegionRules(app.db, request.params.code, request.body, app.merchants);
      request.log.info({ merchant: merchant.code }, 'operator changed region rules');
      return ok(request, presentMerchant(merchant));
    },
  );

  routes.put(
    OPERATOR_PATHS.flag,
    {
      onRequest,
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
      const merchant = await setMerchantFlag(app.db, request.params.code, request.params.flag, request.body.on, app.merchants);
      request.log.info({ merchant: merchant.code, flag: request.params.flag, on: request.body.on }, 'operator changed a flag');
      return ok(request, presentMerchant(merchant));
    },
  );

  routes.put(
    OPERATOR_PATHS.registrationRule,
    {
      onRequest,
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
      const [merchant] = await app.db.select().from(merchants).where(eq(merchants.code, request.params.code)).limit(1);
      if (!merchant) throw new AppError('NOT_FOUND');
      const rule = await updateRegistrationRule(app.db, merchant.id, request.params.field, request.body);
      request.log.info({ merchant: merchant.code, field: rule.field }, 'operator changed a registration rule');
      return ok(request, rule);
    },
  );
}
