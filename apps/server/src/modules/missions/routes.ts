import { errorEnvelope } from '@kismat/contracts/envelope';
import {
  leaderboardQuery,
  leaderboardResponse,
  MISSION_PATHS,
  missionClaimBody,
  missionClaimResponse,
  missionSummaryQuery,
  missionSummaryResponse,
} from '@kismat/contracts/missions';
import { formatAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { requireRealMember } from '../../platform/policy';
import { clientIp } from '../../platform/rate-limit-keys';
import { defineRoutes } from '../../platform/route';
import { claimMission } from './claim-mission';
import { getLeaderboardView } from './get-leaderboard-view';
import type { MissionPorts } from './mission-ports';
import { listRunningMissions, readMissionStates, statusOf } from './mission-reads';
import { formatReward, presentMissionItem } from './present-mission';

const tags = ['missions'];
const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope };

/** Missions and the mission leaderboard (member centre; real members only). */
export async function missionRoutes(app: FastifyInstance, options: { ports: MissionPorts }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { ports } = options;
  app.addHook('preValidation', requireRealMember);

  const route = defineRoutes(routes, { tags });
  route.get(
    MISSION_PATHS.summary,
    {
      summary: 'My missions in their current period: progress bar data, status, reward; claimableCount is the missionLeaderboard badge',
      querystring: missionSummaryQuery,
      response: missionSummaryResponse,
      errors: errors,
    },
    async (request) => {
      const { merchant } = request;
      const now = app.now();
      const running = (await listRunningMissions(app.db, merchant.id, now)).filter(
        (mission) => !request.query.period || mission.period === request.query.period,
      );
      const states = await readMissionStates(app.db, {
        memberId: currentMember(request).id,
        offsetMinutes: merchant.utcOffsetMinutes,
        now,
        missions: running,
      });
      return {
        list: states.map((state) => presentMissionItem(state, request.language)),
        claimableCount: states.filter((state) => statusOf(state) === 'CLAIMABLE').length,
        claimedCount: states.filter((state) => statusOf(state) === 'CLAIMED').length,
        currency: merchant.currency,
      };
    },
  );

  route.get(
    MISSION_PATHS.leaderboard,
    {
      summary:
        'Mission leaderboard: top 100 of the period (equal scores: who reached it first), prizes, and my own rank even outside the top 100',
      querystring: leaderboardQuery,
      response: leaderboardResponse,
      errors: errors,
    },
    async (request) => {
      const view = await getLeaderboardView(app.db, ports, {
        merchantId: request.merchant.id,
        offsetMinutes: request.merchant.utcOffsetMinutes,
        memberId: currentMember(request).id,
        language: request.language,
        now: app.now(),
        leaderboardId: request.query.leaderboardId,
        which: request.query.which,
      });
      return view;
    },
  );

  route.post(
    MISSION_PATHS.claim,
    {
      summary: "Claim a completed mission's reward for the current period (once per mission, member and period)",
      body: missionClaimBody,
      response: missionClaimResponse,
      errors: errors,
      rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: clientIp },
    },
    async (request) => {
      const { merchant } = request;
      const claimed = await claimMission(app.db, ports, {
        merchantId: merchant.id,
        currency: merchant.currency,
        offsetMinutes: merchant.utcOffsetMinutes,
        memberId: currentMember(request).id,
        missionId: request.body.missionId,
        now: app.now(),
      });
      return {
        missionId: claimed.missionId,
        periodKey: claimed.periodKey,
        rewardKind: claimed.rewardKind,
        rewardAmount: formatReward(claimed.rewardKind, claimed.rewardAmount),
        turnoverRequired: formatAmount(claimed.turnoverRequired),
        claimedAt: claimed.claimedAt.toISOString(),
      };
    },
  );
}
