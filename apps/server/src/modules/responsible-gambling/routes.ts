import {
  RG_PATHS,
  rgChangeIdBody,
  rgExclusionResponse,
  rgHistoryQuery,
  rgHistoryResponse,
  rgLimitChangeResponse,
  rgOkResponse,
  rgOverviewResponse,
  rgRealityCheckAckBody,
  rgRealityCheckAckResponse,
  rgRealityCheckBody,
  rgRealityCheckResponse,
  rgRemoveLimitBody,
  rgReturnResponse,
  rgSelfExclusionBody,
  rgSetLimitBody,
  rgTimeOutBody,
} from '@kismat/contracts/responsible-gambling';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestOrigin } from '../../platform/audit';
import { currentMember, currentSession } from '../../platform/auth';
import { requireRealMember } from '../../platform/policy';
import { defineRoutes } from '../../platform/route';
import { changeLimit, type LimitChangeOutcome, settlePendingChange } from './change-limit';
import { requestReturn, takeExclusion } from './manage-exclusion';
import { markLimitsReviewed, skipDepositLimit } from './member-prompts';
import { presentExclusion, readHistory, readOverview } from './read-overview';
import { acknowledgeRealityCheck, getRealityCheck, setRealityCheck } from './reality-check';
import { parseLimitValue } from './rg-rules';

/** The member's safer-gambling calls (docs/responsible-gambling.md): real members only. */
export async function responsibleGamblingRoutes(root: FastifyInstance): Promise<void> {
  const route = defineRoutes(root, { tags: ['responsible-gambling'], preValidation: requireRealMember });
  const memberOf = (request: FastifyRequest) => ({ merchantId: request.merchant.id, memberId: currentMember(request).id });
  const localised = (request: FastifyRequest) => ({ language: request.language, utcOffsetMinutes: request.merchant.utcOffsetMinutes });
  const overviewOf = (request: FastifyRequest) => readOverview(root.db, memberOf(request), root.now());
  const answerChange = async (request: FastifyRequest, outcome: LimitChangeOutcome) => ({
    outcome: outcome.outcome,
    changeId: outcome.changeId,
    effectiveAt: outcome.effectiveAt?.toISOString() ?? null,
    overview: await overviewOf(request),
  });

  route.get(
    RG_PATHS.overview,
    { summary: 'My limits with usage, pending changes, time-out/self-exclusion, prompts', response: rgOverviewResponse },
    async (request) => overviewOf(request),
  );

  route.post(
    RG_PATHS.limits,
    {
      summary: 'Set or change a limit (lower or new: at once; higher: pending 24 h, then confirm)',
      body: rgSetLimitBody,
      response: rgLimitChangeResponse,
    },
    async (request) => {
      const { kind, period, value } = request.body;
      const outcome = await changeLimit(root.db, {
        ...memberOf(request),
        kind,
        period,
        value: parseLimitValue(kind, value),
        now: root.now(),
        actor: 'MEMBER',
      });
      return answerChange(request, outcome);
    },
  );

  route.post(
    RG_PATHS.removeLimit,
    { summary: 'Remove a limit (pending 24 h, then confirm)', body: rgRemoveLimitBody, response: rgLimitChangeResponse },
    async (request) => {
      const outcome = await changeLimit(root.db, { ...memberOf(request), ...request.body, value: null, now: root.now(), actor: 'MEMBER' });
      return answerChange(request, outcome);
    },
  );

  for (const [path, action] of [
    [RG_PATHS.confirmChange, 'CONFIRM'],
    [RG_PATHS.cancelChange, 'CANCEL'],
  ] as const) {
    route.post(
      path,
      {
        summary: action === 'CONFIRM' ? 'Confirm a pending increase/removal after its 24 h' : 'Withdraw a pending increase/removal',
        body: rgChangeIdBody,
        response: rgLimitChangeResponse,
      },
      async (request) => {
        const outcome = await settlePendingChange(root.db, {
          ...memberOf(request),
          ...localised(request),
          changeId: request.body.changeId,
          action,
          now: root.now(),
        });
        return answerChange(request, outcome);
      },
    );
  }

  route.post(RG_PATHS.reviewed, { summary: 'I have reviewed my limits', response: rgOkResponse }, async (request) => {
    await markLimitsReviewed(root.db, memberOf(request), root.now());
    return overviewOf(request);
  });

  route.post(
    RG_PATHS.skipDepositLimit,
    { summary: 'Not now: no deposit limit (a recorded choice)', response: rgOkResponse },
    async (request) => {
      await skipDepositLimit(root.db, memberOf(request), root.now());
      return overviewOf(request);
    },
  );

  route.get(
    RG_PATHS.history,
    { summary: 'Every change of my limits, newest first', querystring: rgHistoryQuery, response: rgHistoryResponse },
    async (request) => readHistory(root.db, memberOf(request), request.query, false),
  );

  for (const [path, kind, summary, body] of [
    [RG_PATHS.timeOut, 'TIME_OUT', 'Take a time-out (24 h, 7, 30 or 42 days); every session ends', rgTimeOutBody],
    [RG_PATHS.selfExclusion, 'SELF_EXCLUSION', 'Self-exclude (6 months, 1 or 5 years, permanent); every session ends', rgSelfExclusionBody],
  ] as const) {
    route.post(path, { summary, body, response: rgExclusionResponse }, async (request) => {
      const now = root.now();
      const { exclusion } = await takeExclusion(root.db, {
        ...memberOf(request),
        kind,
        duration: request.body.duration,
        now,
        origin: requestOrigin(request),
      });
      return { exclusion: presentExclusion(exclusion, now), sessionsEnded: true };
    });
  }

  route.post(
    RG_PATHS.returnToPlay,
    { summary: 'Return to play after a time-out/self-exclusion has ended', response: rgReturnResponse },
    async (request) => {
      const now = root.now();
      return { exclusion: presentExclusion(await requestReturn(root.db, { ...memberOf(request), now }), now) };
    },
  );

  route.get(
    RG_PATHS.realityCheck,
    { summary: 'Reality check: session start, time played, net result, next due time', response: rgRealityCheckResponse },
    async (request) => getRealityCheck(root.db, memberOf(request), currentSession(request).createdAt, root.now()),
  );

  route.put(
    RG_PATHS.realityCheck,
    {
      summary: 'Set the reality-check interval (15/30/60/120 minutes) or turn it off',
      body: rgRealityCheckBody,
      response: rgRealityCheckResponse,
    },
    async (request) =>
      setRealityCheck(root.db, memberOf(request), request.body.intervalMinutes, currentSession(request).createdAt, root.now()),
  );

  route.post(
    RG_PATHS.realityCheckAck,
    { summary: 'Answer the reality check: continue, or stop (logs out)', body: rgRealityCheckAckBody, response: rgRealityCheckAckResponse },
    async (request) => {
      const session = currentSession(request);
      return acknowledgeRealityCheck(
        root.db,
        { ...memberOf(request), sessionId: session.id, sessionCreatedAt: session.createdAt },
        request.body.action,
        root.now(),
      );
    },
  );
}
