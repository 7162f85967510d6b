import {
  bonusDetailsResponse,
  claimResponse,
  depositPreviewQuery,
  depositPreviewResponse,
  forfeitResponse,
  memberPromotionListResponse,
  memberPromotionResponse,
  PROMOTION_PATHS,
  promotionIdParams,
  rewardCenterResponse,
} from '@kismat/contracts/promotions';
import { formatAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, bearerToken, currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { requireRealMember } from '../../platform/policy';
import { bearerSecurity as bearer, errors } from '../../platform/route-docs';
import { claimPromotion } from './claim-promotion';
import { forfeitBonus } from './forfeit-bonus';
import { getRewardCenter, listBonusDetails, previewDepositBonus } from './member-bonus-reads';
import { listMemberPromotions } from './member-promotion-state';
import { presentRequirement } from './present-promotion';
import { findPromotion, isWithinWindow, textIn } from './promotion-queries';

const tags = ['promotions'];
/** Claims and forfeits are money calls: bounded per session. */
const moneyCallLimit = {
  max: 30,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => request.headers.authorization ?? request.ip,
};

/** Member and visitor promotion calls (docs/promotions.md "Core"). */
export async function promotionRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const base = (request: FastifyRequest) => ({
    merchantId: request.merchant.id,
    utcOffsetMinutes: request.merchant.utcOffsetMinutes,
    language: request.language,
    now: root.now(),
  });

  app.get(
    PROMOTION_PATHS.publicList,
    { schema: { tags, summary: 'Live promotions for visitors (no token)', response: { 200: memberPromotionListResponse, ...errors } } },
    async (request) => ok(request, { list: await listMemberPromotions(root.db, { ...base(request), member: null }) }),
  );

  app.get(
    PROMOTION_PATHS.detail,
    {
      schema: {
        tags,
        summary: 'One live promotion with its rules; with a token, my state and progress',
        params: promotionIdParams,
        response: { 200: memberPromotionResponse, ...errors },
      },
    },
    async (request) => {
      const member = bearerToken(request) ? (await authenticate(request)).member : null;
      const promotion = await findPromotion(root.db, request.merchant.id, request.params.id);
      if (promotion.status !== 'LIVE' || !isWithinWindow(promotion, root.now())) throw new AppError('NOT_FOUND');
      const [value] = await listMemberPromotions(root.db, { ...base(request), member, only: [promotion] });
      if (!value) throw new AppError('NOT_FOUND');
      return ok(request, value);
    },
  );

  await app.register(async (member) => {
    const routes = member.withTypeProvider<ZodTypeProvider>();
    routes.addHook('preValidation', requireRealMember);

    routes.get(
      PROMOTION_PATHS.list,
      {
        schema: {
          tags,
          summary: 'Live promotions with my eligibility, state and progress',
          security: bearer,
          response: { 200: memberPromotionListResponse, ...errors },
        },
      },
      async (request) => ok(request, { list: await listMemberPromotions(root.db, { ...base(request), member: currentMember(request) }) }),
    );

    routes.post(
      PROMOTION_PATHS.claim,
      {
        config: { rateLimit: moneyCallLimit },
        schema: {
          tags,
          summary: 'Claim a CLAIM-mode promotion (idempotent per period)',
          security: bearer,
          params: promotionIdParams,
          response: { 200: claimResponse, ...errors },
        },
      },
      async (request) => {
        const value = await claimPromotion(root.db, {
          member: currentMember(request),
          promotionId: request.params.id,
          now: root.now(),
          title: (text) => textIn(text, request.language),
        });
        return ok(request, value);
      },
    );

    routes.get(
      PROMOTION_PATHS.depositPreview,
      {
        schema: {
          tags,
          summary: 'The bonus and turnover a deposit of this amount would bring now',
          security: bearer,
          querystring: depositPreviewQuery,
          response: { 200: depositPreviewResponse, ...errors },
        },
      },
      async (request) =>
        ok(request, await previewDepositBonus(root.db, { ...base(request), member: currentMember(request), amount: request.query.amount })),
    );

    routes.get(
      PROMOTION_PATHS.bonusDetails,
      {
        schema: {
          tags,
          summary: 'My turnover requirements: source, amount, required, done, left, expiry',
          security: bearer,
          response: { 200: bonusDetailsResponse, ...errors },
        },
      },
      async (request) => ok(request, await listBonusDetails(root.db, currentMember(request), request.language)),
    );

    routes.get(
      PROMOTION_PATHS.rewardCenter,
      {
        schema: {
          tags,
          summary: 'Reward centre: claimable, claimed and expired rewards',
          security: bearer,
          response: { 200: rewardCenterResponse, ...errors },
        },
      },
      async (request) => ok(request, await getRewardCenter(root.db, { ...base(request), member: currentMember(request) })),
    );

    routes.post(
      PROMOTION_PATHS.forfeit,
      {
        config: { rateLimit: moneyCallLimit },
        schema: {
          tags,
          summary: 'Give up an active bonus: the unspent bonus goes back and its turnover ends',
          security: bearer,
          params: promotionIdParams,
          response: { 200: forfeitResponse, ...errors },
        },
      },
      async (request) => {
        const result = await forfeitBonus(root.db, request, currentMember(request), request.params.id, root.now());
        return ok(request, {
          requirement: presentRequirement(result.requirement, null),
          returnedAmount: formatAmount(result.returnedAmount),
        });
      },
    );
  });
}
