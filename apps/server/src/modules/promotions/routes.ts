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
import { AppError } from '../../platform/errors';
import { requireRealMember } from '../../platform/policy';
import { defineRoutes, perSessionLimit } from '../../platform/route';
import { claimPromotion } from './claim-promotion';
import { forfeitBonus } from './forfeit-bonus';
import { getRewardCenter, listBonusDetails, previewDepositBonus } from './member-bonus-reads';
import { listMemberPromotions } from './member-promotion-state';
import { presentRequirement } from './present-promotion';
import { findPromotion, isWithinWindow, textIn } from './promotion-queries';

const tags = ['promotions'];
/** Claims and forfeits are money calls: bounded per session. */
const moneyCallLimit = perSessionLimit(30);

/** Member and visitor promotion calls (docs/promotions.md "Core"). */
export async function promotionRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const base = (request: FastifyRequest) => ({
    merchantId: request.merchant.id,
    utcOffsetMinutes: request.merchant.utcOffsetMinutes,
    language: request.language,
    now: root.now(),
  });

  const route = defineRoutes(app, { tags });
  route.get(
    PROMOTION_PATHS.publicList,
    { summary: 'Live promotions for visitors (no token)', response: memberPromotionListResponse, security: false },
    async (request) => ({ list: await listMemberPromotions(root.db, { ...base(request), member: null }) }),
  );

  route.get(
    PROMOTION_PATHS.detail,
    {
      summary: 'One live promotion with its rules; with a token, my state and progress',
      params: promotionIdParams,
      response: memberPromotionResponse,
      security: false,
    },
    async (request) => {
      const member = bearerToken(request) ? (await authenticate(request)).member : null;
      const promotion = await findPromotion(root.db, request.merchant.id, request.params.id);
      if (promotion.status !== 'LIVE' || !isWithinWindow(promotion, root.now())) throw new AppError('NOT_FOUND');
      const [value] = await listMemberPromotions(root.db, { ...base(request), member, only: [promotion] });
      if (!value) throw new AppError('NOT_FOUND');
      return value;
    },
  );

  await app.register(async (member) => {
    const routes = member.withTypeProvider<ZodTypeProvider>();
    routes.addHook('preValidation', requireRealMember);

    const memberRoute = defineRoutes(routes, { tags });
    memberRoute.get(
      PROMOTION_PATHS.list,
      { summary: 'Live promotions with my eligibility, state and progress', response: memberPromotionListResponse },
      async (request) => ({ list: await listMemberPromotions(root.db, { ...base(request), member: currentMember(request) }) }),
    );

    memberRoute.post(
      PROMOTION_PATHS.claim,
      {
        summary: 'Claim a CLAIM-mode promotion (idempotent per period)',
        params: promotionIdParams,
        response: claimResponse,
        rateLimit: moneyCallLimit,
      },
      async (request) => {
        const value = await claimPromotion(root.db, {
          member: currentMember(request),
          promotionId: request.params.id,
          now: root.now(),
          title: (text) => textIn(text, request.language),
        });
        return value;
      },
    );

    memberRoute.get(
      PROMOTION_PATHS.depositPreview,
      {
        summary: 'The bonus and turnover a deposit of this amount would bring now',
        querystring: depositPreviewQuery,
        response: depositPreviewResponse,
      },
      async (request) =>
        await previewDepositBonus(root.db, { ...base(request), member: currentMember(request), amount: request.query.amount }),
    );

    memberRoute.get(
      PROMOTION_PATHS.bonusDetails,
      { summary: 'My turnover requirements: source, amount, required, done, left, expiry', response: bonusDetailsResponse },
      async (request) => await listBonusDetails(root.db, currentMember(request), request.language),
    );

    memberRoute.get(
      PROMOTION_PATHS.rewardCenter,
      { summary: 'Reward centre: claimable, claimed and expired rewards', response: rewardCenterResponse },
      async (request) => await getRewardCenter(root.db, { ...base(request), member: currentMember(request) }),
    );

    memberRoute.post(
      PROMOTION_PATHS.forfeit,
      {
        summary: 'Give up an active bonus: the unspent bonus goes back and its turnover ends',
        params: promotionIdParams,
        response: forfeitResponse,
        rateLimit: moneyCallLimit,
      },
      async (request) => {
        const result = await forfeitBonus(root.db, request, currentMember(request), request.params.id, root.now());
        return {
          requirement: presentRequirement(result.requirement, null),
          returnedAmount: formatAmount(result.returnedAmount),
        };
      },
    );
  });
}
