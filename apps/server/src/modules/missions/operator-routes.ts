import { errorEnvelope } from '@kismat/contracts/envelope';
import {
  leaderboardBody,
  missionBody,
  missionIdParams,
  OPERATOR_MISSION_PATHS,
  operatorLeaderboardResponse,
  operatorLeaderboardsResponse,
  operatorMissionResponse,
  operatorMissionsResponse,
} from '@kismat/contracts/missions';
import { merchantCodeParams } from '@kismat/contracts/operator';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { currentOperator, operatorGuard, scopedMerchantByCode } from '../../platform/operator-auth';
import { bearerSecurity as security } from '../../platform/route-docs';
import { listLeaderboards, listMissions, missionValues, saveLeaderboard, saveMission } from './change-missions';
import type { MissionPorts } from './mission-ports';
import { presentBoard, presentMission } from './present-mission';

const tags = ['operator-missions'];
const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

/** Back office: missions (BN/EN/SW titles) and mission leaderboards with their prizes; every change audited. */
export async function operatorMissionRoutes(app: FastifyInstance, options: { ports: MissionPorts }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = operatorGuard('read');
  const settings = operatorGuard('settings');

  routes.get(
    OPERATOR_MISSION_PATHS.missions,
    {
      onRequest: read,
      schema: {
        tags,
        security,
        summary: 'Missions of a merchant',
        params: merchantCodeParams,
        response: { 200: operatorMissionsResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      return ok(request, { list: (await listMissions(app.db, merchant.id)).map(presentMission) });
    },
  );

  routes.post(
    OPERATOR_MISSION_PATHS.missions,
    {
      onRequest: settings,
      schema: {
        tags,
        security,
        summary: 'Create a mission (audited)',
        params: merchantCodeParams,
        body: missionBody,
        response: { 200: operatorMissionResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      const values = missionValues(request.body, options.ports);
      const saved = await saveMission(app.db, request, currentOperator(request), {
        merchantId: merchant.id,
        values,
        reason: request.body.reason,
      });
      return ok(request, presentMission(saved));
    },
  );

  routes.put(
    OPERATOR_MISSION_PATHS.mission,
    {
      onRequest: settings,
      schema: {
        tags,
        security,
        summary: 'Change a mission (period and metric are fixed once created; isActive false retires it; audited)',
        params: missionIdParams,
        body: missionBody,
        response: { 200: operatorMissionResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      const values = missionValues(request.body, options.ports);
      const saved = await saveMission(app.db, request, currentOperator(request), {
        merchantId: merchant.id,
        id: request.params.id,
        values,
        reason: request.body.reason,
      });
      return ok(request, presentMission(saved));
    },
  );

  routes.get(
    OPERATOR_MISSION_PATHS.leaderboards,
    {
      onRequest: read,
      schema: {
        tags,
        security,
        summary: 'Mission leaderboards of a merchant with their prizes',
        params: merchantCodeParams,
        response: { 200: operatorLeaderboardsResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      return ok(request, { list: (await listLeaderboards(app.db, merchant.id)).map(presentBoard) });
    },
  );

  routes.post(
    OPERATOR_MISSION_PATHS.leaderboards,
    {
      onRequest: settings,
      schema: {
        tags,
        security,
        summary: 'Create a leaderboard (audited)',
        params: merchantCodeParams,
        body: leaderboardBody,
        response: { 200: operatorLeaderboardResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      const { reason, prizes, ...rest } = request.body;
      const values = { ...rest, prizes: prizes.map((prize) => ({ rank: prize.rank, amount: prize.amount.toString() })) };
      const saved = await saveLeaderboard(app.db, request, currentOperator(request), { merchantId: merchant.id, values, reason });
      return ok(request, presentBoard(saved));
    },
  );

  routes.put(
    OPERATOR_MISSION_PATHS.leaderboard,
    {
      onRequest: settings,
      schema: {
        tags,
        security,
        summary: 'Change a leaderboard (prizes apply to periods closing after the change; audited)',
        params: missionIdParams,
        body: leaderboardBody,
        response: { 200: operatorLeaderboardResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      const { reason, prizes, ...rest } = request.body;
      const values = { ...rest, prizes: prizes.map((prize) => ({ rank: prize.rank, amount: prize.amount.toString() })) };
      const saved = await saveLeaderboard(app.db, request, currentOperator(request), {
        merchantId: merchant.id,
        id: request.params.id,
        values,
        reason,
      });
      return ok(request, presentBoard(saved));
    },
  );
}
