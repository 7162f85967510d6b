import {
  awardsQuery,
  awardsResponse,
  expectedCostBody,
  expectedCostResponse,
  OPERATOR_PROMOTION_PATHS,
  operatorPromotionActionBody,
  operatorPromotionCreateBody,
  operatorPromotionListQuery,
  operatorPromotionListResponse,
  operatorPromotionResponse,
  promotionIdParams,
  promotionInput,
  promotionPreviewResponse,
  promotionSettingsBody,
  promotionSettingsQuery,
  promotionSettingsResponse,
  requirementResponse,
  requirementsQuery,
  requirementsResponse,
  waiveBody,
} from '@kismat/contracts/promotions';
import { formatAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import type { Merchant } from '../../platform/merchant';
import { assertMerchantScope, currentOperator, operatorGuard } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { changePromotionStatus, createPromotion, updatePromotion } from './manage-promotions';
import { listAwards, listMerchantPromotions, listRequirements, readDepositTurnoverBp } from './operator-promotion-reads';
import { presentOperatorPromotion, presentRequirement, previewOf } from './present-promotion';
import { findPromotion } from './promotion-queries';
import { expectedPrizeOf, largestOf } from './promotion-rules';
import { setDepositTurnover, waiveRequirement } from './waive-requirement';

const tags = ['operator'];

/** The back office's promotion calls under /admin-api: every action audited in its own transaction. */
export async function promotionAdminRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  /** The merchant named by code (else the operator's own, else the site's): scoped operators only their own. */
  async function merchantOf(request: FastifyRequest, code: string | undefined): Promise<Merchant> {
    const operator = currentOperator(request);
    let merchant: Merchant | null = null;
    if (code) merchant = await root.merchants.byCode(code);
    else if (operator.merchantId !== null) merchant = operator.merchantId === request.merchant.id ? request.merchant : null;
    else merchant = request.merchant;
    if (!merchant) throw new AppError('NOT_FOUND');
    assertMerchantScope(operator, merchant.id);
    return merchant;
  }
  const merchantQuery = (request: FastifyRequest) => (request.query as { merchant?: string } | undefined)?.merchant;

  const route = defineRoutes(app, { tags });
  route.get(
    OPERATOR_PROMOTION_PATHS.list,
    {
      summary: 'Promotions of a merchant',
      querystring: operatorPromotionListQuery,
      response: operatorPromotionListResponse,
      guard: operatorGuard('read'),
    },
    async (request) => {
      const merchant = await merchantOf(request, request.query.merchant);
      const rows = await listMerchantPromotions(root.db, {
        merchantId: merchant.id,
        status: request.query.status,
        kind: request.query.kind,
      });
      return { list: rows.map((row) => presentOperatorPromotion(row, merchant.code)) };
    },
  );

  route.post(
    OPERATOR_PROMOTION_PATHS.create,
    {
      summary: 'Create a draft promotion',
      body: operatorPromotionCreateBody,
      response: operatorPromotionResponse,
      guard: operatorGuard('settings'),
    },
    async (request) => {
      const merchant = await merchantOf(request, request.body.merchant);
      const { merchant: _code, ...promotion } = request.body;
      const row = await createPromotion(root.db, request, currentOperator(request), {
        merchantId: merchant.id,
        promotion,
        now: root.now(),
      });
      return presentOperatorPromotion(row, merchant.code);
    },
  );

  route.get(
    OPERATOR_PROMOTION_PATHS.detail,
    {
      summary: 'One promotion',
      querystring: promotionSettingsQuery,
      params: promotionIdParams,
      response: operatorPromotionResponse,
      guard: operatorGuard('read'),
    },
    async (request) => {
      const merchant = await merchantOf(request, merchantQuery(request));
      return presentOperatorPromotion(await findPromotion(root.db, merchant.id, request.params.id), merchant.code);
    },
  );

  route.put(
    OPERATOR_PROMOTION_PATHS.update,
    {
      summary: 'Edit a draft or paused promotion',
      querystring: promotionSettingsQuery,
      params: promotionIdParams,
      body: promotionInput,
      response: operatorPromotionResponse,
      guard: operatorGuard('settings'),
    },
    async (request) => {
      const merchant = await merchantOf(request, merchantQuery(request));
      const row = await updatePromotion(root.db, request, currentOperator(request), {
        merchantId: merchant.id,
        id: request.params.id,
        promotion: request.body,
        now: root.now(),
      });
      return presentOperatorPromotion(row, merchant.code);
    },
  );

  route.get(
    OPERATOR_PROMOTION_PATHS.preview,
    {
      summary: 'What members see, in BN, EN and SW',
      querystring: promotionSettingsQuery,
      params: promotionIdParams,
      response: promotionPreviewResponse,
      guard: operatorGuard('read'),
    },
    async (request) => {
      const merchant = await merchantOf(request, merchantQuery(request));
      return previewOf(await findPromotion(root.db, merchant.id, request.params.id));
    },
  );

  for (const action of ['publish', 'pause', 'end'] as const) {
    route.post(
      OPERATOR_PROMOTION_PATHS[action],
      {
        summary: `${action} a promotion`,
        querystring: promotionSettingsQuery,
        params: promotionIdParams,
        body: operatorPromotionActionBody,
        response: operatorPromotionResponse,
        guard: operatorGuard('money'),
      },
      async (request) => {
        const merchant = await merchantOf(request, merchantQuery(request));
        const row = await changePromotionStatus(root.db, request, currentOperator(request), {
          merchantId: merchant.id,
          id: request.params.id,
          action,
          reason: request.body.reason,
          now: root.now(),
        });
        return presentOperatorPromotion(row, merchant.code);
      },
    );
  }

  route.post(
    OPERATOR_PROMOTION_PATHS.expectedCost,
    { summary: 'Expected cost of a prize table', body: expectedCostBody, response: expectedCostResponse, guard: operatorGuard('read') },
    async (request) => {
      const { prizes, expectedDraws } = request.body;
      const expectedPrize = expectedPrizeOf(prizes);
      const totalWeight = prizes.reduce((sum, prize) => sum + prize.weight, 0);
      return {
        expectedPrize: formatAmount(expectedPrize),
        expectedCost: formatAmount(expectedPrize * BigInt(expectedDraws)),
        maxPrize: formatAmount(largestOf(prizes.map((prize) => prize.amount))),
        chancesBp: prizes.map((prize) => Math.round((prize.weight * 10_000) / totalWeight)),
      };
    },
  );

  route.get(
    OPERATOR_PROMOTION_PATHS.awards,
    { summary: 'Promotion awards (filters, paged)', querystring: awardsQuery, response: awardsResponse, guard: operatorGuard('read') },
    async (request) => {
      const merchant = await merchantOf(request, request.query.merchant);
      return await listAwards(root.db, { ...request.query, merchantId: merchant.id });
    },
  );

  route.get(
    OPERATOR_PROMOTION_PATHS.requirements,
    {
      summary: 'Turnover requirements (filters, paged)',
      querystring: requirementsQuery,
      response: requirementsResponse,
      guard: operatorGuard('read'),
    },
    async (request) => {
      const merchant = await merchantOf(request, request.query.merchant);
      return await listRequirements(root.db, { ...request.query, merchantId: merchant.id });
    },
  );

  route.post(
    OPERATOR_PROMOTION_PATHS.waive,
    {
      summary: 'Waive a turnover requirement (the member keeps the money)',
      querystring: promotionSettingsQuery,
      params: promotionIdParams,
      body: waiveBody,
      response: requirementResponse,
      guard: operatorGuard('money'),
    },
    async (request) => {
      const merchant = await merchantOf(request, merchantQuery(request));
      const ended = await waiveRequirement(root.db, request, currentOperator(request), {
        merchantId: merchant.id,
        requirementId: request.params.id,
        reason: request.body.reason,
        now: root.now(),
      });
      return presentRequirement(ended.requirement, null);
    },
  );

  route.get(
    OPERATOR_PROMOTION_PATHS.settings,
    {
      summary: 'Promotion settings of a merchant',
      querystring: promotionSettingsQuery,
      response: promotionSettingsResponse,
      guard: operatorGuard('read'),
    },
    async (request) => {
      const merchant = await merchantOf(request, request.query.merchant);
      return { merchantCode: merchant.code, depositTurnoverBp: await readDepositTurnoverBp(root.db, merchant.id) };
    },
  );

  route.put(
    OPERATOR_PROMOTION_PATHS.settings,
    {
      summary: 'Set the deposit turnover multiple',
      body: promotionSettingsBody,
      response: promotionSettingsResponse,
      guard: operatorGuard('settings'),
    },
    async (request) => {
      const merchant = await merchantOf(request, request.body.merchant);
      await setDepositTurnover(root.db, request, currentOperator(request), {
        merchantId: merchant.id,
        depositTurnoverBp: request.body.depositTurnoverBp,
        now: root.now(),
      });
      return { merchantCode: merchant.code, depositTurnoverBp: request.body.depositTurnoverBp };
    },
  );
}
