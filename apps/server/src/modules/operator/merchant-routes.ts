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
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchants } from '../../db/schema/merchants';
import { recordOperatorAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import type { Merchant } from '../../platform/merchant';
import { assertMerchantScope, currentOperator, operatorGuard } from '../../platform/operator-auth';
import { listRegistrationRules } from '../system/list-registration-rules';
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
  // Every operator route checks the operator credential and role before anything else runs.
  const read = operatorGuard('read');
  const settings = operatorGuard('settings');

  /**
   * Runs a settings change and its audit row (before and after) in one transaction; the
   * merchant cache is dropped after the commit so no node caches the old value again.
   */
  async function changeAudited(
    request: FastifyRequest,
    code: string,
    action: string,
    change: (db: Db, merchant: Merchant) => Promise<Merchant>,
    view: (merchant: Merchant) => Record<string, unknown>,
  ): Promise<Merchant> {
    const operator = currentOperator(request);
    const changed = await app.db.transaction(async (tx) => {
      const [before] = await tx.select().from(merchants).where(eq(merchants.code, code)).limit(1);
      if (!before) throw new AppError('NOT_FOUND');
      assertMerchantScope(operator, before.id);
      const after = await change(tx as unknown as Db, before);
      await recordOperatorAudit(tx, request, operator, {
        action,
        targetType: 'merchant',
        targetId: code,
        merchantId: before.id,
        detail: { before: view(before), after: view(after) },
      });
      return after;
    });
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
      const columns = { code: merchants.code, name: merchants.name, isMaintenance: merchants.isMaintenance };
      const list =
        merchantId === null
          ? await app.db.select(columns).from(merchants).orderBy(asc(merchants.id))
          : await app.db.select(columns).from(merchants).where(eq(merchants.id, merchantId));
      return ok(request, { list });
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
      const [merchant] = await app.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, request.params.code)).limit(1);
      if (!merchant) throw new AppError('NOT_FOUND');
      assertMerchantScope(currentOperator(request), merchant.id);
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
      const [merchant] = await app.db.select().from(merchants).where(eq(merchants.code, request.params.code)).limit(1);
      if (!merchant) throw new AppError('NOT_FOUND');
      assertMerchantScope(currentOperator(request), merchant.id);
      return ok(request, presentMerchant(merchant));
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
      const operator = currentOperator(request);
      const { merchant, rule } = await app.db.transaction(async (tx) => {
        const [merchant] = await tx.select().from(merchants).where(eq(merchants.code, request.params.code)).limit(1);
        if (!merchant) throw new AppError('NOT_FOUND');
        assertMerchantScope(operator, merchant.id);
        const rule = await updateRegistrationRule(tx, merchant.id, request.params.field, request.body);
        await recordOperatorAudit(tx, request, operator, {
          action: 'merchant.registration_rule_changed',
          targetType: 'registration_rule',
          targetId: `${merchant.code}:${rule.field}`,
          merchantId: merchant.id,
          detail: { change: request.body, after: rule },
        });
        return { merchant, rule };
      });
      request.log.info({ merchant: merchant.code, field: rule.field }, 'operator changed a registration rule');
      return ok(request, rule);
    },
  );
}
