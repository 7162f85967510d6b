import {
  idParams,
  OPERATOR_PROMOTION_KIND_PATHS,
  operatorReasonBody,
  operatorReferralQuery,
  operatorReferralResponse,
  operatorReferralsResponse,
  PROMOTION_KIND_PATHS,
  referralStateResponse,
} from '@kismat/contracts/promotion-kinds';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceIdOf } from '../../platform/audit';
import { currentMember } from '../../platform/auth';
import { isFlagOn } from '../../platform/flags';
import { currentOperator, operatorGuard } from '../../platform/operator-auth';
import { requireRealMember } from '../../platform/policy';
import { publicOriginOf } from '../../platform/public-origin';
import { defineRoutes } from '../../platform/route';
/** Invite friends: my link, code and friends; operators review the flagged friends (approve pays, reject closes). */
import { operatorReview } from './operator-review';
import { approveReferral, getMyReferral, listReferralsForOperator, rejectReferral } from './referral-review';

export async function referralRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  const route = defineRoutes(app, { tags: ['operator'] });
  route.get(
    PROMOTION_KIND_PATHS.referral,
    {
      tags: ['promotions'],
      summary: 'My invite link (register page with ?referralCode=), code, reward and cap, earned, and each friend with its stage',
      response: referralStateResponse,
      preValidation: requireRealMember,
    },
    async (request) => {
      const member = currentMember(request);
      return await getMyReferral(root.db, {
        merchantId: member.merchantId,
        memberId: member.id,
        siteOrigin: publicOriginOf(request),
        ip: request.ip,
        deviceId: deviceIdOf(request.headers['x-device-id']),
        now: root.now(),
        isModuleOn: isFlagOn(request.merchant, 'REFERRAL'),
      });
    },
  );

  route.get(
    OPERATOR_PROMOTION_KIND_PATHS.referralFlags,
    {
      summary: 'Invited friends by stage (default FLAGGED: same device, network, bank account or phone as the inviter)',
      querystring: operatorReferralQuery,
      response: operatorReferralsResponse,
      guard: operatorGuard('read'),
    },
    async (request) => await listReferralsForOperator(root.db, { merchantId: currentOperator(request).merchantId, ...request.query }),
  );

  route.post(
    OPERATOR_PROMOTION_KIND_PATHS.referralApprove,
    {
      summary: 'Approve a flagged friend: pays the inviter (the reward or what the cap leaves) once',
      params: idParams,
      response: operatorReferralResponse,
      guard: operatorGuard('money'),
    },
    async (request) => {
      const { review, audit } = operatorReview(request, root.now());
      return await approveReferral(root.db, { id: request.params.id, ...review }, audit);
    },
  );

  route.post(
    OPERATOR_PROMOTION_KIND_PATHS.referralReject,
    {
      summary: 'Reject a flagged friend: closed, nothing paid',
      params: idParams,
      body: operatorReasonBody,
      response: operatorReferralResponse,
      guard: operatorGuard('money'),
    },
    async (request) => {
      const { review, audit } = operatorReview(request, root.now());
      return await rejectReferral(root.db, { id: request.params.id, reason: request.body.reason, ...review }, audit);
    },
  );
}
