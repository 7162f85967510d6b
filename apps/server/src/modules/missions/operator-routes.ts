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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { currentOperator, onScopedMerchant, operatorGuard, scopedMerchantByCode } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { listLeaderboards, listMissions, missionValues, saveLeaderboard, saveMission } from './change-missions';
import type { MissionPorts } from './mission-ports';
import { presentBoard, presentMission } from './present-mission';

const tags = ['operator-missions'];
const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

/** The merchant a save names, and the row's id when it changes one. */
type SavePath = { code: string; id?: number };

function idOf(params: SavePath): { id?: number } {
  return params.id === undefined ? {} : { id: params.id };
}

/** Back office: missions (BN/EN/SW titles) and mission leaderboards with their prizes; every change audited. */
export async function operatorMissionRoutes(app: FastifyInstance, options: { ports: MissionPorts }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = operatorGuard('read');
  const settings = operatorGuard('settings');

  const route = defineRoutes(routes, { tags });

  /** A create (no id) or a change (the path's id) of a mission, on a merchant the operator may act on. */
  async function saveMissionOf(request: FastifyRequest, params: SavePath, body: z.output<typeof missionBody>) {
    const merchant = await scopedMerchantByCode(request, params.code);
    return saveMission(app.db, request, currentOperator(request), {
      merchantId: merchant.id,
      ...idOf(params),
      values: missionValues(body, options.ports),
      reason: body.reason,
    });
  }

  /** A create or a change of a leaderboard; prize amounts are kept as text. */
  async function saveLeaderboardOf(request: FastifyRequest, params: SavePath, body: z.output<typeof leaderboardBody>) {
    const merchant = await scopedMerchantByCode(request, params.code);
    const { reason, prizes, ...rest } = body;
    const values = { ...rest, prizes: prizes.map((prize) => ({ rank: prize.rank, amount: prize.amount.toString() })) };
    return saveLeaderboard(app.db, request, currentOperator(request), { merchantId: merchant.id, ...idOf(params), values, reason });
  }
  route.get(
    OPERATOR_MISSION_PATHS.missions,
    { summary: 'Missions of a merchant', params: merchantCodeParams, response: operatorMissionsResponse, errors: errors, guard: read },
    onScopedMerchant(async (merchant) => {
      return { list: (await listMissions(app.db, merchant.id)).map(presentMission) };
    }),
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
    async (request) => presentMission(await saveMissionOf(request, request.params, request.body)),
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
    async (request) => presentMission(await saveMissionOf(request, request.params, request.body)),
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
    onScopedMerchant(async (merchant) => {
      return { list: (await listLeaderboards(app.db, merchant.id)).map(presentBoard) };
    }),
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
    async (request) => presentBoard(await saveLeaderboardOf(request, request.params, request.body)),
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
    async (request) => presentBoard(await saveLeaderboardOf(request, request.params, request.body)),
  );
}
