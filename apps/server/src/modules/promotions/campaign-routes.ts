import {
  drawIdParams,
  PROMOTION_KIND_PATHS,
  pageQuery,
  promotionIdParams,
  raffleClaimBody,
  raffleClaimResponse,
  raffleListResponse,
  redEnvelopeDrawBody,
  redEnvelopeDrawResponse,
  redEnvelopeDrawsResponse,
  redEnvelopeStateResponse,
  redEnvelopeVerifyResponse,
} from '@kismat/contracts/promotion-kinds';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { requireRealMember } from '../../platform/policy';
import { requestContext } from '../../platform/request-context';
import { defineRoutes, perSessionLimit } from '../../platform/route';
import { activityRoutes } from './activity-routes';
import { registerCampaignKinds } from './campaign-kind-hooks';
import { claimRaffle, listRaffles } from './raffle-claim';
import { drawRedEnvelope, presentRedEnvelopeDraw } from './red-envelope-draw';
import { findRedEnvelopeDrawForVerify, getRedEnvelopeState, listRedEnvelopeDraws } from './red-envelope-reads';
import type { SeedSealer } from './red-envelope-seeds';
import { referralRoutes } from './referral-routes';

const tags = ['promotions'];

export interface CampaignRoutesOptions {
  /** The house games' seed vault, handed in by the route registry (red-envelope-seeds.ts). */
  seedSealer: SeedSealer;
}

/** The promotion kinds' member and operator calls: red envelope, raffle, invite friends, activity applications. */
export async function campaignRoutes(root: FastifyInstance, options: CampaignRoutesOptions): Promise<void> {
  registerCampaignKinds();
  const app = root.withTypeProvider<ZodTypeProvider>();
  const redEnvelopeContext = (request: FastifyRequest) => ({ ...requestContext(request), sealer: options.seedSealer });

  // Public: a verify page link may be opened by anyone the player shares it with; the seed is revealed already.
  const route = defineRoutes(app, { tags });
  route.get(
    PROMOTION_KIND_PATHS.redEnvelopeVerify,
    {
      summary: 'A red-envelope draw: its revealed seed, client seed, nonce, table weights and result (verify page)',
      params: drawIdParams,
      response: redEnvelopeVerifyResponse,
      security: false,
    },
    async (request) => await findRedEnvelopeDrawForVerify(root.db, request.merchant.id, request.params.drawId),
  );

  await app.register(async (member) => {
    const routes = member.withTypeProvider<ZodTypeProvider>();
    // Real money: trial players get TRIAL_FORBIDDEN.
    routes.addHook('preValidation', requireRealMember);

    const memberRoute = defineRoutes(routes, { tags });
    memberRoute.get(
      PROMOTION_KIND_PATHS.redEnvelope,
      {
        summary: "My red envelope today: chances earned and left, tiers, prize table with stock left, the next draw's seed commitment",
        params: promotionIdParams,
        response: redEnvelopeStateResponse,
      },
      async (request) => await getRedEnvelopeState(redEnvelopeContext(request), currentMember(request), request.params.promotionId),
    );

    memberRoute.post(
      PROMOTION_KIND_PATHS.redEnvelopeDraw,
      {
        summary:
          'Draw a red envelope with my client seed (idempotencyKey: a retry answers the first draw); the seed is revealed in the answer',
        params: promotionIdParams,
        body: redEnvelopeDrawBody,
        response: redEnvelopeDrawResponse,
        rateLimit: perSessionLimit(30),
      },
      async (request) => {
        const { draw, nextCommitment } = await drawRedEnvelope(redEnvelopeContext(request), currentMember(request), {
          promotionId: request.params.promotionId,
          ...request.body,
        });
        return { ...presentRedEnvelopeDraw(draw), nextCommitment };
      },
    );

    memberRoute.get(
      PROMOTION_KIND_PATHS.redEnvelopeDraws,
      {
        summary: 'My red-envelope draws, newest first, each with its revealed seed',
        querystring: pageQuery,
        params: promotionIdParams,
        response: redEnvelopeDrawsResponse,
      },
      async (request) => await listRedEnvelopeDraws(root.db, currentMember(request), request.params.promotionId, request.query),
    );

    memberRoute.get(
      PROMOTION_KIND_PATHS.raffle,
      {
        summary: "MCS2_claimRafflePromotion (T): the live raffles, whether I may claim this period's reward and what is missing",
        response: raffleListResponse,
      },
      async (request) => await listRaffles(root.db, currentMember(request), root.now(), request.language),
    );

    memberRoute.post(
      PROMOTION_KIND_PATHS.raffle,
      {
        summary:
          "MCS2_claimRafflePromotion (T): claim this period's raffle reward (once per period; refused when not eligible, claimed or not live)",
        body: raffleClaimBody.partial().optional(),
        response: raffleClaimResponse,
        rateLimit: perSessionLimit(20),
      },
      async (request) => {
        const member = currentMember(request);
        let promotionId = request.body?.promotionId;
        if (promotionId === undefined) {
          // The spec's call carries no body: the member's first live raffle.
          const { list } = await listRaffles(root.db, member, root.now(), request.language);
          promotionId = list[0]?.promotionId;
          if (promotionId === undefined) throw new AppError('PROMOTION_NOT_AVAILABLE');
        }
        return await claimRaffle(requestContext(request), member, promotionId);
      },
    );
  });

  await app.register(activityRoutes);
  await app.register(referralRoutes);
}
