import {
  convertPointBody,
  convertPointResponse,
  POINTS_PATHS,
  pointBalanceResponse,
  pointConfigResponse,
  pointRewardsResponse,
  redeemPointRewardBody,
  redeemPointRewardResponse,
  redemptionsQuery,
  redemptionsResponse,
} from '@kismat/contracts/points';
import { formatAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentMember } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { isFlagOn } from '../../platform/flags';
import { requireRealMember } from '../../platform/policy';
import { requestContext } from '../../platform/request-context';
import { defineRoutes, perSessionLimit } from '../../platform/route';
import { idempotencyKeyOf } from '../cashier/index';
import { convertPoints } from './convert-points';
import {
  listExchangeRates,
  listMallItems,
  listMemberRedemptions,
  presentRedemption,
  readPointBalance,
  readPointsSettings,
  textIn,
} from './points-queries';
import { redeemPointReward } from './redeem-point-reward';

/** Calls that check the payment password are bounded per member session as well (as the cashier's). */
const secretCheckLimit = perSessionLimit(10);

/** Points are a whitelabel module (flag PTSYS3): off, every point call answers FEATURE_DISABLED. */
async function requirePointsOn(request: FastifyRequest): Promise<void> {
  await requireRealMember(request);
  if (!isFlagOn(request.merchant, 'PTSYS3')) throw new AppError('FEATURE_DISABLED');
}

/** The six point relays of the spec: balance, rewards, my redemptions, config, and the two password-checked (E) calls. */
export async function registerPointsRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', requirePointsOn);
  const route = defineRoutes(app, { tags: ['points'] });

  route.get(
    POINTS_PATHS.balance,
    { summary: 'The member’s points balance (points never expire)', response: pointBalanceResponse },
    async (request) => readPointBalance(app.db, currentMember(request).id),
  );

  route.get(
    POINTS_PATHS.rewards,
    { summary: 'Mall items to redeem, with stock and what the member may still redeem', response: pointRewardsResponse },
    async (request) => ({ list: await listMallItems(app.db, request.merchant.id, currentMember(request).id, request.language) }),
  );

  route.get(
    POINTS_PATHS.redemptions,
    {
      summary: 'The member’s redemptions and conversions, newest first (status In Process / Approved / Rejected, remark, reference)',
      querystring: redemptionsQuery,
      response: redemptionsResponse,
    },
    async (request) => {
      const { rows, total } = await listMemberRedemptions(app.db, currentMember(request).id, request.query);
      const { pageNo, pageSize } = request.query;
      return { list: rows.map((row) => presentRedemption(row, request.language)), total, pageNo, pageSize };
    },
  );

  route.get(
    POINTS_PATHS.config,
    { summary: 'Exchange rate table, conversion rate and rules', response: pointConfigResponse },
    async (request) => {
      const settings = await readPointsSettings(app.db, request.merchant.id);
      return {
        exchangeRates: await listExchangeRates(app.db, request.merchant.id),
        conversion: {
          isEnabled: settings.isConversionEnabled,
          points: settings.conversionPoints,
          amount: formatAmount(settings.conversionAmount),
          minPoints: Number(settings.minConvertPoints),
          turnoverMultiplier: settings.turnoverMultiplier,
        },
        rules: textIn(settings.rules, request.language),
        currency: request.merchant.currency,
      };
    },
  );

  route.post(
    POINTS_PATHS.redeem,
    {
      summary: 'Redeem a mall item with the payment password (E): points taken at once, status In Process until an operator reviews it',
      body: redeemPointRewardBody,
      response: redeemPointRewardResponse,
      encrypted: true,
      rateLimit: secretCheckLimit,
    },
    async (request) => {
      const idempotencyKey = idempotencyKeyOf(request, request.body.idempotencyKey);
      const result = await redeemPointReward(requestContext(request), currentMember(request), { ...request.body, idempotencyKey });
      return { redemption: presentRedemption(result.redemption, request.language), balance: Number(result.balance) };
    },
  );

  route.post(
    POINTS_PATHS.convert,
    {
      summary: 'Convert points to cash at the configured rate with the payment password (E); the cash carries its turnover requirement',
      body: convertPointBody,
      response: convertPointResponse,
      encrypted: true,
      rateLimit: secretCheckLimit,
    },
    async (request) => {
      const idempotencyKey = idempotencyKeyOf(request, request.body.idempotencyKey);
      const result = await convertPoints(requestContext(request), currentMember(request), { ...request.body, idempotencyKey });
      return { redemption: presentRedemption(result.redemption, request.language), balance: Number(result.balance) };
    },
  );
}
