import { errorEnvelope } from '@kismat/contracts/envelope';
import {
  REBATE_PATHS,
  rebateClaimBody,
  rebateClaimResponse,
  rebateHistoryQuery,
  rebateHistoryResponse,
  rebatePendingResponse,
} from '@kismat/contracts/rebates';
import { formatAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { isFlagOn } from '../../platform/flags';
import { requireRealMember } from '../../platform/policy';
import { clientIp } from '../../platform/rate-limit-keys';
import { defineRoutes } from '../../platform/route';
import { claimRebate } from './claim-rebate';
import { getPendingRebate } from './get-pending-rebate';
import { claimKeyOf } from './idempotency';
import { listRebateClaims } from './list-rebate-claims';
import type { LoyaltyPorts } from './ports';
import { presentRebateClaim } from './present-rebate';

const tags = ['rebates'];
const errors = { 401: errorEnvelope, 403: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope };

/** The member's rebate: pending by game type, claim (manual rebate, flag MANPLAYREB3), history. Real members only. */
export async function rebateRoutes(app: FastifyInstance, options: { ports: LoyaltyPorts }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { ports } = options;
  app.addHook('preValidation', requireRealMember);

  const route = defineRoutes(routes, { tags });
  route.get(
    REBATE_PATHS.pending,
    { summary: 'Pending rebate by game type, the daily cap, what a claim would pay', response: rebatePendingResponse, errors: errors },
    async (request) => {
      const { merchant } = request;
      const pending = await getPendingRebate(app.db, ports, {
        merchantId: merchant.id,
        memberId: currentMember(request).id,
        offsetMinutes: merchant.utcOffsetMinutes,
        now: app.now(),
      });
      return {
        list: pending.list.map((row) => ({
          category: row.category,
          validBet: formatAmount(row.validBet),
          amount: formatAmount(row.amount),
        })),
        total: formatAmount(pending.total),
        minimumClaim: formatAmount(pending.minimumClaim),
        dailyCap: pending.dailyCap === null ? null : formatAmount(pending.dailyCap),
        paidToday: formatAmount(pending.paidToday),
        claimable: formatAmount(pending.claimable),
        levelRank: pending.levelRank,
        isManualOn: isFlagOn(merchant, 'MANPLAYREB3'),
        isAutoDailyOn: pending.isAutoDailyOn,
        currency: merchant.currency,
      };
    },
  );

  route.post(
    REBATE_PATHS.claim,
    {
      summary: 'Claim all pending rebate (manual rebate; Idempotency-Key header or idempotencyKey: a repeat returns the first claim)',
      body: rebateClaimBody,
      response: rebateClaimResponse,
      errors: errors,
      rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: clientIp },
    },
    async (request) => {
      const { merchant } = request;
      if (!isFlagOn(merchant, 'MANPLAYREB3')) throw new AppError('FEATURE_DISABLED');
      const claim = await claimRebate(app.db, ports, {
        merchantId: merchant.id,
        currency: merchant.currency,
        offsetMinutes: merchant.utcOffsetMinutes,
        memberId: currentMember(request).id,
        requestKey: claimKeyOf(request, request.body.idempotencyKey),
        now: app.now(),
      });
      return presentRebateClaim(claim);
    },
  );

  route.get(
    REBATE_PATHS.history,
    {
      summary: "The member's rebate payments (manual claims and automatic daily), newest first",
      querystring: rebateHistoryQuery,
      response: rebateHistoryResponse,
      errors: errors,
    },
    async (request) => {
      const { pageNo, pageSize } = request.query;
      const page = await listRebateClaims(app.db, {
        merchantId: request.merchant.id,
        memberId: currentMember(request).id,
        pageNo,
        pageSize,
      });
      return { list: page.list.map(presentRebateClaim), pageNo, pageSize, total: page.total };
    },
  );
}
