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
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import type { Merchant } from '../../platform/merchant';
import { assertMerchantScope, currentOperator, operatorGuard } from '../../platform/operator-auth';
import { errors, bearerSecurity as security } from '../../platform/route-docs';
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

  app.get(
    OPERATOR_PROMOTION_PATHS.list,
    {
      onRequest: operatorGuard('read'),
      schema: {
        tags,
        security,
        summary: 'Promotions of a merchant',
        querystring: operatorPromotionListQuery,
        response: { 200: operatorPromotionListResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantOf(request, request.query.merchant);
      const rows = await listMerchantPromotions(root.db, {
        merchantId: merchant.id,
        status: request.query.status,
        kind: request.query.kind,
      });
      return ok(request, { list: rows.map((row) => presentOperatorPromotion(row, merchant.code)) });
    },
  );

  app.post(
    OPERATOR_PROMOTION_PATHS.create,
    {
      onRequest: operatorGuard('settings'),
      schema: {
        tags,
        security,
        summary: 'Create a draft promotion',
        body: operatorPromotionCreateBody,
        response: { 200: operatorPromotionResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantOf(request, request.body.merchant);
      const { merchant: _code, ...promotion } = request.body;
      const row = await createPromotion(root.db, request, currentOperator(request), {
        merchantId: merchant.id,
        promotion,
        now: root.now(),
      });
      return ok(request, presentOperatorPromotion(row, merchant.code));
    },
  );

  app.get(
    OPERATOR_PROMOTION_PATHS.detail,
    {
      onRequest: operatorGuard('read'),
      schema: {
        tags,
        security,
        summary: 'One promotion',
        params: promotionIdParams,
        querystring: promotionSettingsQuery,
        response: { 200: operatorPromotionResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantOf(request, merchantQuery(request));
      return ok(request, presentOperatorPromotion(await findPromotion(root.db, merchant.id, request.params.id), merchant.code));
    },
  );

  app.put(
    OPERATOR_PROMOTION_PATHS.update,
    {
      onRequest: operatorGuard('settings'),
      schema: {
        tags,
        security,
        summary: 'Edit a draft or paused promotion',
        params: promotionIdParams,
        querystring: promotionSettingsQuery,
        body: promotionInput,
        response: { 200: operatorPromotionResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantOf(request, merchantQuery(request));
      const row = await updatePromotion(root.db, request, currentOperator(request), {
        merchantId: merchant.id,
        id: request.params.id,
        promotion: request.body,
        now: root.now(),
      });
      return ok(request, presentOperatorPromotion(row, merchant.code));
    },
  );

  app.get(
    OPERATOR_PROMOTION_PATHS.preview,
    {
      onRequest: operatorGuard('read'),
      schema: {
        tags,
        security,
        summary: 'What members see, in BN, EN and SW',
        params: promotionIdParams,
        querystring: promotionSettingsQuery,
        response: { 200: promotionPreviewResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantOf(request, merchantQuery(request));
      return ok(request, previewOf(await findPromotion(root.db, merchant.id, request.params.id)));
    },
  );

  for (const action of ['publish', 'pause', 'end'] as const) {
    app.post(
      OPERATOR_PROMOTION_PATHS[action],
      {
        // Publishing, pausing and ending decide when money goes out: the money role (admin, finance).
        onRequest: operatorGuard('money'),
        schema: {
          tags,
          security,
          summary: `${action} a promotion`,
          params: promotionIdParams,
          querystring: promotionSettingsQuery,
          body: operatorPromotionActionBody,
          response: { 200: operatorPromotionResponse, ...errors },
        },
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
        return ok(request, presentOperatorPromotion(row, merchant.code));
      },
    );
  }

  app.post(
    OPERATOR_PROMOTION_PATHS.expectedCost,
    {
      onRequest: operatorGuard('read'),
      schema: {
        tags,
        security,
        summary: 'Expected cost of a prize table',
        body: expectedCostBody,
        response: { 200: expectedCostResponse, ...errors },
      },
    },
    async (request) => {
      const { prizes, expectedDraws } = request.body;
      const expectedPrize = expectedPrizeOf(prizes);
      const totalWeight = prizes.reduce((sum, prize) => sum + prize.weight, 0);
      return ok(request, {
        expectedPrize: formatAmount(expectedPrize),
        expectedCost: formatAmount(expectedPrize * BigInt(expectedDraws)),
        maxPrize: formatAmount(largestOf(prizes.map((prize) => prize.amount))),
        chancesBp: prizes.map((prize) => Math.round((prize.weight * 10_000) / totalWeight)),
      });
    },
  );

  app.get(
    OPERATOR_PROMOTION_PATHS.awards,
    {
      onRequest: operatorGuard('read'),
      schema: {
        tags,
        security,
        summary: 'Promotion awards (filters, paged)',
        querystring: awardsQuery,
        response: { 200: awardsResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantOf(request, request.query.merchant);
      return ok(request, await listAwards(root.db, { ...request.query, merchantId: merchant.id }));
    },
  );

  app.get(
    OPERATOR_PROMOTION_PATHS.requirements,
    {
      onRequest: operatorGuard('read'),
      schema: {
        tags,
        security,
        summary: 'Turnover requirements (filters, paged)',
        querystring: requirementsQuery,
        response: { 200: requirementsResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantOf(request, request.query.merchant);
      return ok(request, await listRequirements(root.db, { ...request.query, merchantId: merchant.id }));
    },
  );

  app.post(
    OPERATOR_PROMOTION_PATHS.waive,
    {
      onRequest: operatorGuard('money'),
      schema: {
        tags,
        security,
        summary: 'Waive a turnover requirement (the member keeps the money)',
        params: promotionIdParams,
        querystring: promotionSettingsQuery,
        body: waiveBody,
        response: { 200: requirementResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantOf(request, merchantQuery(request));
      const ended = await waiveRequirement(root.db, request, currentOperator(request), {
        merchantId: merchant.id,
        requirementId: request.params.id,
        reason: request.body.reason,
        now: root.now(),
      });
      return ok(request, presentRequirement(ended.requirement, null));
    },
  );

  app.get(
    OPERATOR_PROMOTION_PATHS.settings,
    {
      onRequest: operatorGuard('read'),
      schema: {
        tags,
        security,
        summary: 'Promotion settings of a merchant',
        querystring: promotionSettingsQuery,
        response: { 200: promotionSettingsResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantOf(request, request.query.merchant);
      return ok(request, { merchantCode: merchant.code, depositTurnoverBp: await readDepositTurnoverBp(root.db, merchant.id) });
    },
  );

  app.put(
    OPERATOR_PROMOTION_PATHS.settings,
    {
      onRequest: operatorGuard('settings'),
      schema: {
        tags,
        security,
        summary: 'Set the deposit turnover multiple',
        body: promotionSettingsBody,
        response: { 200: promotionSettingsResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantOf(request, request.body.merchant);
      await setDepositTurnover(root.db, request, currentOperator(request), {
        merchantId: merchant.id,
        depositTurnoverBp: request.body.depositTurnoverBp,
        now: root.now(),
      });
      return ok(request, { merchantCode: merchant.code, depositTurnoverBp: request.body.depositTurnoverBp });
    },
  );
}
