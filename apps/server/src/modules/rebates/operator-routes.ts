import { errorEnvelope } from '@kismat/contracts/envelope';
import { merchantCodeParams } from '@kismat/contracts/operator';
import {
  OPERATOR_REBATE_PATHS,
  operatorRebateClaimsQuery,
  operatorRebateClaimsResponse,
  rebateSettingsBody,
  rebateSettingsResponse,
  rebateTableBody,
  rebateTableResponse,
} from '@kismat/contracts/rebates';
import { formatAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import { currentOperator, onScopedMerchant, operatorGuard } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { changeRebateSettings, type RebateTableLevel, readRebateTable, replaceRebateTable } from './change-rebate-config';
import { listRebateClaims } from './list-rebate-claims';
import { presentRebateClaim } from './present-rebate';
import { type RebateSettings, readRebateSettings } from './rebate-config';

const tags = ['operator-rebates'];
const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

function presentTable(levels: readonly RebateTableLevel[]) {
  return { levels: levels.map((level) => ({ ...level, dailyCap: level.dailyCap === null ? null : formatAmount(level.dailyCap) })) };
}

function presentSettings(settings: RebateSettings) {
  return { ...settings, minimumClaim: formatAmount(settings.minimumClaim) };
}

/** Back office: the rebate table and caps, the rebate options, the claims (operator API; every change audited). */
export async function operatorRebateRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = operatorGuard('read');
  const settings = operatorGuard('settings');

  const route = defineRoutes(routes, { tags });
  route.get(
    OPERATOR_REBATE_PATHS.table,
    {
      summary: 'Rebate rates (basis points) by level rank and game type, with daily caps',
      params: merchantCodeParams,
      response: rebateTableResponse,
      errors: errors,
      guard: read,
    },
    onScopedMerchant(async (merchant) => presentTable(await readRebateTable(app.db, merchant.id))),
  );

  route.put(
    OPERATOR_REBATE_PATHS.table,
    {
      summary: 'Replace the rebate table (applies to play settled from now on; audited)',
      params: merchantCodeParams,
      body: rebateTableBody,
      response: rebateTableResponse,
      errors: errors,
      guard: settings,
    },
    onScopedMerchant(async (merchant, request) => {
      const ranks = request.body.levels.map((level) => level.levelRank);
      if (new Set(ranks).size !== ranks.length) {
        throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'levels', reason: 'duplicate_rank' }] } });
      }
      for (const level of request.body.levels) {
        const categories = level.rates.map((rate) => rate.category);
        if (new Set(categories).size !== categories.length) {
          throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'rates', reason: 'duplicate_category' }] } });
        }
      }
      const table = await replaceRebateTable(app.db, request, currentOperator(request), {
        merchantId: merchant.id,
        levels: request.body.levels,
        reason: request.body.reason,
      });
      return presentTable(table);
    }),
  );

  route.get(
    OPERATOR_REBATE_PATHS.settings,
    {
      summary: 'Rebate options: minimum claim, automatic daily rebate and its hour, promotion play',
      params: merchantCodeParams,
      response: rebateSettingsResponse,
      errors: errors,
      guard: read,
    },
    onScopedMerchant(async (merchant) => presentSettings(await readRebateSettings(app.db, merchant.id))),
  );

  route.put(
    OPERATOR_REBATE_PATHS.settings,
    {
      summary: 'Change the rebate options (audited)',
      params: merchantCodeParams,
      body: rebateSettingsBody,
      response: rebateSettingsResponse,
      errors: errors,
      guard: settings,
    },
    onScopedMerchant(async (merchant, request) => {
      const { reason, ...wanted } = request.body;
      const changed = await changeRebateSettings(app.db, request, currentOperator(request), {
        merchantId: merchant.id,
        settings: wanted,
        reason,
      });
      return presentSettings(changed);
    }),
  );

  route.get(
    OPERATOR_REBATE_PATHS.claims,
    {
      summary: 'Rebate payments of a merchant, newest first (by member, by kind)',
      querystring: operatorRebateClaimsQuery,
      params: merchantCodeParams,
      response: operatorRebateClaimsResponse,
      errors: errors,
      guard: read,
    },
    onScopedMerchant(async (merchant, request) => {
      const { memberId, kind, pageNo, pageSize } = request.query;
      const page = await listRebateClaims(app.db, { merchantId: merchant.id, memberId, kind, pageNo, pageSize });
      return {
        list: page.list.map((claim) => ({ ...presentRebateClaim(claim), memberId: claim.memberId })),
        pageNo,
        pageSize,
        total: page.total,
      };
    }),
  );
}
