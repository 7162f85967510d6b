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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { isFlagOn } from '../../platform/flags';
import { requireRealMember } from '../../platform/policy';
import { requestContext } from '../../platform/request-context';
import { errors, bearerSecurity as security } from '../../platform/route-docs';
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

const tags = ['points'];
/** Calls that check the payment password are bounded per member session as well (as the cashier's). */
const secretCheckLimit = {
  max: 10,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => request.headers.authorization ?? request.ip,
};

/** Points are a whitelabel module (flag PTSYS3): off, every point call answers FEATURE_DISABLED. */
async function requirePointsOn(request: FastifyRequest): Promise<void> {
  await requireRealMember(request);
  if (!isFlagOn(request.merchant, 'PTSYS3')) throw new AppError('FEATURE_DISABLED');
}

/** The six point relays of the spec: balance, rewards, my redemptions, config, and the two password-checked (E) calls. */
export async function registerPointsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', requirePointsOn);

  app.get(
    POINTS_PATHS.balance,
    {
      schema: {
        tags,
        security,
        summary: 'The member’s points balance (points never expire)',
        response: { 200: pointBalanceResponse, ...errors },
      },
    },
    async (request) => ok(request, await readPointBalance(root.db, currentMember(request).id)),
  );

  app.get(
    POINTS_PATHS.rewards,
    {
      schema: {
        tags,
        security,
        summary: 'Mall items to redeem, with stock and what the member may still redeem',
        response: { 200: pointRewardsResponse, ...errors },
      },
    },
    async (request) =>
      ok(request, { list: await listMallItems(root.db, request.merchant.id, currentMember(request).id, request.language) }),
  );

  app.get(
    POINTS_PATHS.redemptions,
    {
      schema: {
        tags,
        security,
        summary: 'The member’s redemptions and conversions, newest first (status In Process / Approved / Rejected, remark, reference)',
        querystring: redemptionsQuery,
        response: { 200: redemptionsResponse, ...errors },
      },
    },
    async (request) => {
      const { rows, total } = await listMemberRedemptions(root.db, currentMember(request).id, request.query);
      return ok(request, {
        list: rows.map((row) => presentRedemption(row, request.language)),
        total,
        pageNo: request.query.pageNo,
        pageSize: request.query.pageSize,
      });
    },
  );

  app.get(
    POINTS_PATHS.config,
    {
      schema: {
        tags,
        security,
        summary: 'Exchange rate table, conversion rate and rules',
        response: { 200: pointConfigResponse, ...errors },
      },
    },
    async (request) => {
      const settings = await readPointsSettings(root.db, request.merchant.id);
      return ok(request, {
        exchangeRates: await listExchangeRates(root.db, request.merchant.id),
        conversion: {
          isEnabled: settings.isConversionEnabled,
          points: settings.conversionPoints,
          amount: formatAmount(settings.conversionAmount),
          minPoints: Number(settings.minConvertPoints),
          turnoverMultiplier: settings.turnoverMultiplier,
        },
        rules: textIn(settings.rules, request.language),
        currency: request.merchant.currency,
      });
    },
  );

  app.post(
    POINTS_PATHS.redeem,
    {
      config: { encrypted: true, rateLimit: secretCheckLimit },
      schema: {
        tags,
        security,
        summary: 'Redeem a mall item with the payment password (E): points taken at once, status In Process until an operator reviews it',
        body: redeemPointRewardBody,
        response: { 200: redeemPointRewardResponse, ...errors },
      },
    },
    async (request) => {
      const idempotencyKey = idempotencyKeyOf(request, request.body.idempotencyKey);
      const result = await redeemPointReward(requestContext(request), currentMember(request), { ...request.body, idempotencyKey });
      return ok(request, { redemption: presentRedemption(result.redemption, request.language), balance: Number(result.balance) });
    },
  );

  app.post(
    POINTS_PATHS.convert,
    {
      config: { encrypted: true, rateLimit: secretCheckLimit },
      schema: {
        tags,
        security,
        summary: 'Convert points to cash at the configured rate with the payment password (E); the cash carries its turnover requirement',
        body: convertPointBody,
        response: { 200: convertPointResponse, ...errors },
      },
    },
    async (request) => {
      const idempotencyKey = idempotencyKeyOf(request, request.body.idempotencyKey);
      const result = await convertPoints(requestContext(request), currentMember(request), { ...request.body, idempotencyKey });
      return ok(request, { redemption: presentRedemption(result.redemption, request.language), balance: Number(result.balance) });
    },
  );
}
