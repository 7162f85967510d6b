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
import { currentOperator, operatorGuard, scopedMerchantByCode } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
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

  const route = defineRoutes(routes, { tags });
  route.get(
    OPERATOR_MISSION_PATHS.missions,
    { summary: 'Missions of a merchant', params: merchantCodeParams, response: operatorMissionsResponse, errors: errors, guard: read },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      return { list: (await listMissions(app.db, merchant.id)).map(presentMission) };
    },
  );

  route.post(
    OPERATOR_MISSION_PATHS.missions,
    {
      summary: 'Create a mission (audited)',
      params: merchantCodeParams,
      body: missionBody,
      response: operatorMissionResponse,
      errors: errors,
      guard: settings,
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      const values = missionValues(request.body, options.ports);
      const saved = await saveMission(app.db, request, currentOperator(request), {
        merchantId: merchant.id,
        values,
        reason: request.body.reason,
      });
      return presentMission(saved);
    },
  );

  route.put(
    OPERATOR_MISSION_PATHS.mission,
    {
      summary: 'Change a mission (period and metric are fixed once created; isActive false retires it; audited)',
      params: missionIdParams,
      body: missionBody,
      response: operatorMissionResponse,
      errors: errors,
      guard: settings,
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
      return presentMission(saved);
    },
  );

  route.get(
    OPERATOR_MISSION_PATHS.leaderboards,
    {
      summary: 'Mission leaderboards of a merchant with their prizes',
      params: merchantCodeParams,
      response: operatorLeaderboardsResponse,
      errors: errors,
      guard: read,
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      return { list: (await listLeaderboards(app.db, merchant.id)).map(presentBoard) };
    },
  );

  route.post(
    OPERATOR_MISSION_PATHS.leaderboards,
    {
      summary: 'Create a leaderboard (audited)',
      params: merchantCodeParams,
      body: leaderboardBody,
      response: operatorLeaderboardResponse,
      errors: errors,
      guard: settings,
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      const { reason, prizes, ...rest } = request.body;
      const values = { ...rest, prizes: prizes.map((prize) => ({ rank: prize.rank, amount: prize.amount.toString() })) };
      const saved = await saveLeaderboard(app.db, request, currentOperator(request), { merchantId: merchant.id, values, reason });
      return presentBoard(saved);
    },
  );

  route.put(
    OPERATOR_MISSION_PATHS.leaderboard,
    {
      summary: 'Change a leaderboard (prizes apply to periods closing after the change; audited)',
      params: missionIdParams,
      body: leaderboardBody,
      response: operatorLeaderboardResponse,
      errors: errors,
      guard: settings,
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
      return presentBoard(saved);
    },
  );
}
