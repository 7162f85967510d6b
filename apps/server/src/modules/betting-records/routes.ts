import {
  BETTING_RECORD_PATHS,
  type BettingRecordQuery,
  bettingRecordQuery,
  bettingRecordResponse,
  personalProfitQuery,
  personalProfitResponse,
} from '@kismat/contracts/betting-records';
import { errorEnvelope } from '@kismat/contracts/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { requireRealMember } from '../../platform/policy';
import { defineRoutes } from '../../platform/route';
import { getPersonalProfit, listBettingRecords } from '../vendor-wallet/index';
import { recordRange } from './record-range';

const tags = ['betting-records'];
const errors = { 401: errorEnvelope, 403: errorEnvelope, 422: errorEnvelope };

/** Whose rounds both reads cover: the signed-in member's, in the query's days (the merchant's day), game type and vendor. */
function recordFilter(request: FastifyRequest & { query: Omit<BettingRecordQuery, 'pageNo' | 'pageSize'> }) {
  const { startDate, endDate, gameType, vassalage } = request.query;
  return {
    merchantId: request.merchant.id,
    memberId: currentMember(request).id,
    ...recordRange(startDate, endDate, request.merchant.utcOffsetMinutes),
    gameType,
    vassalage,
  };
}

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
      const { pageNo, pageSize } = request.query;
      const result = await listBettingRecords(app.db, { ...recordFilter(request), language: request.language, pageNo, pageSize });
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
    async (request) => ({ ...(await getPersonalProfit(app.db, recordFilter(request))), currency: request.merchant.currency }),
  );
}
