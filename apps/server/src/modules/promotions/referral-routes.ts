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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordOperatorAudit } from '../../platform/audit';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { isFlagOn } from '../../platform/flags';
import { currentOperator, operatorGuard } from '../../platform/operator-auth';
import { requireRealMember } from '../../platform/policy';
import { publicOriginOf } from '../../platform/public-origin';
import { errors, bearerSecurity as security } from '../../platform/route-docs';
import type { AuditInTransaction } from './activity-review';
import { deviceIdOf } from './referral-codes';
import { approveReferral, getMyReferral, listReferralsForOperator, rejectReferral } from './referral-review';

/** Invite friends: my link, code and friends; operators review the flagged friends (approve pays, reject closes). */
export async function referralRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    PROMOTION_KIND_PATHS.referral,
    {
      preValidation: requireRealMember,
      schema: {
        tags: ['promotions'],
        security,
        summary: 'My invite link (register page with ?referralCode=), code, reward and cap, earned, and each friend with its stage',
        response: { 200: referralStateResponse, ...errors },
      },
    },
    async (request) => {
      const member = currentMember(request);
      return ok(
        request,
        await getMyReferral(root.db, {
          merchantId: member.merchantId,
          memberId: member.id,
          siteOrigin: publicOriginOf(request),
          ip: request.ip,
          deviceId: deviceIdOf(request.headers['x-device-id']),
          now: root.now(),
          isModuleOn: isFlagOn(request.merchant, 'REFERRAL'),
        }),
      );
    },
  );

  const operatorAudit =
    (request: FastifyRequest): AuditInTransaction =>
    (tx, entry) =>
      recordOperatorAudit(tx, request, currentOperator(request), entry);

  app.get(
    OPERATOR_PROMOTION_KIND_PATHS.referralFlags,
    {
      onRequest: operatorGuard('read'),
      schema: {
        tags: ['operator'],
        security,
        summary: 'Invited friends by stage (default FLAGGED: same device, network, bank account or phone as the inviter)',
        querystring: operatorReferralQuery,
        response: { 200: operatorReferralsResponse, ...errors },
      },
    },
    async (request) =>
      ok(request, await listReferralsForOperator(root.db, { merchantId: currentOperator(request).merchantId, ...request.query })),
  );

  app.post(
    OPERATOR_PROMOTION_KIND_PATHS.referralApprove,
    {
      onRequest: operatorGuard('money'),
      schema: {
        tags: ['operator'],
        security,
        summary: 'Approve a flagged friend: pays the inviter (the reward or what the cap leaves) once',
        params: idParams,
        response: { 200: operatorReferralResponse, ...errors },
      },
    },
    async (request) => {
      const operator = currentOperator(request);
      const input = { id: request.params.id, reviewedBy: operator.username, scopeMerchantId: operator.merchantId, now: root.now() };
      return ok(request, await approveReferral(root.db, input, operatorAudit(request)));
    },
  );

  app.post(
    OPERATOR_PROMOTION_KIND_PATHS.referralReject,
    {
      onRequest: operatorGuard('money'),
      schema: {
        tags: ['operator'],
        security,
        summary: 'Reject a flagged friend: closed, nothing paid',
        params: idParams,
        body: operatorReasonBody,
        response: { 200: operatorReferralResponse, ...errors },
      },
    },
    async (request) => {
      const operator = currentOperator(request);
      const input = {
        id: request.params.id,
        reason: request.body.reason,
        reviewedBy: operator.username,
        scopeMerchantId: operator.merchantId,
        now: root.now(),
      };
      return ok(request, await rejectReferral(root.db, input, operatorAudit(request)));
    },
  );
}
