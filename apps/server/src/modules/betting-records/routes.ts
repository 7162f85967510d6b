import {
  BETTING_RECORD_PATHS,
  bettingRecordQuery,
  bettingRecordResponse,
  personalProfitQuery,
  personalProfitResponse,
} from '@kismat/contracts/betting-records';
import { errorEnvelope } from '@kismat/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { requireRealMember } from '../../platform/policy';
import { defineRoutes } from '../../platform/route';
import { getPersonalProfit, listBettingRecords } from '../vendor-wallet/index';
import { recordRange } from './record-range';

const tags = ['betting-records'];
const errors = { 401: errorEnvelope, 403: errorEnvelope, 422: errorEnvelope };

/** Betting record and personal profit/loss, from game rounds (account menu; real members only). */
export async function registerBettingRecordRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The account menu belongs to the member centre, which trial players cannot open.
  app.addHook('preValidation', requireRealMember);

  const route = defineRoutes(routes, { tags, errors });
  route.get(
    BETTING_RECORD_PATHS.bettingRecord,
    {
      summary: 'Betting record: rounds in a date range with totals (gameType, vassalage, paging)',
      querystring: bettingRecordQuery,
      response: bettingRecordResponse,
    },
    async (request) => {
      const { startDate, endDate, gameType, vassalage, pageNo, pageSize } = request.query;
      const range = recordRange(startDate, endDate, request.merchant.utcOffsetMinutes);
      const result = await listBettingRecords(app.db, {
        merchantId: request.merchant.id,
        memberId: currentMember(request).id,
        ...range,
        gameType,
        vassalage,
        language: request.language,
        pageNo,
        pageSize,
      });
      return { ...result, pageNo, pageSize, currency: request.merchant.currency };
    },
  );

  route.get(
    BETTING_RECORD_PATHS.personalProfit,
    {
      summary: 'Personal profit/loss per game type and vendor over a date range',
      querystring: personalProfitQuery,
      response: personalProfitResponse,
    },
    async (request) => {
      const { startDate, endDate, gameType, vassalage } = request.query;
      const range = recordRange(startDate, endDate, request.merchant.utcOffsetMinutes);
      const result = await getPersonalProfit(app.db, {
        merchantId: request.merchant.id,
        memberId: currentMember(request).id,
        ...range,
        gameType,
        vassalage,
      });
      return { ...result, currency: request.merchant.currency };
    },
  );
}
