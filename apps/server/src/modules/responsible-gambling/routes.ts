import { errorEnvelope } from '@kismat/contracts/envelope';
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestOrigin } from '../../platform/audit';
import { currentMember, currentSession } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { requireRealMember } from '../../platform/policy';
import { changeLimit, type LimitChangeOutcome, settlePendingChange } from './change-limit';
import { requestReturn, takeExclusion } from './manage-exclusion';
import { markLimitsReviewed, skipDepositLimit } from './member-prompts';
import { presentExclusion, readHistory, readOverview } from './read-overview';
import { acknowledgeRealityCheck, getRealityCheck, setRealityCheck } from './reality-check';
import { parseLimitValue } from './rg-rules';

const tags = ['responsible-gambling'];
const security = [{ bearer: [] }];
const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/** The member's safer-gambling calls (docs/responsible-gambling.md): real members only. */
export async function responsibleGamblingRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const memberOf = (request: FastifyRequest) => ({ merchantId: request.merchant.id, memberId: currentMember(request).id });
  const localised = (request: FastifyRequest) => ({ language: request.language, utcOffsetMinutes: request.merchant.utcOffsetMinutes });
  const answerChange = async (request: FastifyRequest, outcome: LimitChangeOutcome) => ({
    outcome: outcome.outcome,
    changeId: outcome.changeId,
    effectiveAt: outcome.effectiveAt?.toISOString() ?? null,
    overview: await readOverview(root.db, memberOf(request), root.now()),
  });
  const options = <T extends object>(summary: string, extra: T) => ({
    preValidation: requireRealMember,
    schema: { tags, security, summary, ...extra },
  });

  app.get(
    RG_PATHS.overview,
    options('My limits with usage, pending changes, time-out/self-exclusion, prompts', {
      response: { 200: rgOverviewResponse, ...errors },
    }),
    async (request) => ok(request, await readOverview(root.db, memberOf(request), root.now())),
  );

  app.post(
    RG_PATHS.limits,
    options('Set or change a limit (lower or new: at once; higher: pending 24 h, then confirm)', {
      body: rgSetLimitBody,
      response: { 200: rgLimitChangeResponse, ...errors },
    }),
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
      return ok(request, await answerChange(request, outcome));
    },
  );

  app.post(
    RG_PATHS.removeLimit,
    options('Remove a limit (pending 24 h, then confirm)', {
      body: rgRemoveLimitBody,
      response: { 200: rgLimitChangeResponse, ...errors },
    }),
    async (request) => {
      const outcome = await changeLimit(root.db, { ...memberOf(request), ...request.body, value: null, now: root.now(), actor: 'MEMBER' });
      return ok(request, await answerChange(request, outcome));
    },
  );

  for (const [path, action] of [
    [RG_PATHS.confirmChange, 'CONFIRM'],
    [RG_PATHS.cancelChange, 'CANCEL'],
  ] as const) {
    app.post(
      path,
      options(action === 'CONFIRM' ? 'Confirm a pending increase/removal after its 24 h' : 'Withdraw a pending increase/removal', {
        body: rgChangeIdBody,
        response: { 200: rgLimitChangeResponse, ...errors },
      }),
      async (request) => {
        const outcome = await settlePendingChange(root.db, {
          ...memberOf(request),
          ...localised(request),
          changeId: request.body.changeId,
          action,
          now: root.now(),
        });
        return ok(request, await answerChange(request, outcome));
      },
    );
  }

  app.post(RG_PATHS.reviewed, options('I have reviewed my limits', { response: { 200: rgOkResponse, ...errors } }), async (request) => {
    await markLimitsReviewed(root.db, memberOf(request), root.now());
    return ok(request, await readOverview(root.db, memberOf(request), root.now()));
  });

  app.post(
    RG_PATHS.skipDepositLimit,
    options('Not now: no deposit limit (a recorded choice)', { response: { 200: rgOkResponse, ...errors } }),
    async (request) => {
      await skipDepositLimit(root.db, memberOf(request), root.now());
      return ok(request, await readOverview(root.db, memberOf(request), root.now()));
    },
  );

  app.get(
    RG_PATHS.history,
    options('Every change of my limits, newest first', { querystring: rgHistoryQuery, response: { 200: rgHistoryResponse, ...errors } }),
    async (request) => ok(request, await readHistory(root.db, memberOf(request), request.query, false)),
  );

  app.post(
    RG_PATHS.timeOut,
    options('Take a time-out (24 h, 7, 30 or 42 days); every session ends', {
      body: rgTimeOutBody,
      response: { 200: rgExclusionResponse, ...errors },
    }),
    async (request) => {
      const now = root.now();
      const { exclusion } = await takeExclusion(root.db, {
        ...memberOf(request),
        kind: 'TIME_OUT',
        duration: request.body.duration,
        now,
        origin: requestOrigin(request),
      });
      return ok(request, { exclusion: presentExclusion(exclusion, now), sessionsEnded: true });
    },
  );

  app.post(
    RG_PATHS.selfExclusion,
    options('Self-exclude (6 months, 1 or 5 years, permanent); every session ends', {
      body: rgSelfExclusionBody,
      response: { 200: rgExclusionResponse, ...errors },
    }),
    async (request) => {
      const now = root.now();
      const { exclusion } = await takeExclusion(root.db, {
        ...memberOf(request),
        kind: 'SELF_EXCLUSION',
        duration: request.body.duration,
        now,
        origin: requestOrigin(request),
      });
      return ok(request, { exclusion: presentExclusion(exclusion, now), sessionsEnded: true });
    },
  );

  app.post(
    RG_PATHS.returnToPlay,
    options('Return to play after a time-out/self-exclusion has ended', { response: { 200: rgReturnResponse, ...errors } }),
    async (request) => {
      const now = root.now();
      return ok(request, { exclusion: presentExclusion(await requestReturn(root.db, { ...memberOf(request), now }), now) });
    },
  );

  app.get(
    RG_PATHS.realityCheck,
    options('Reality check: session start, time played, net result, next due time', {
      response: { 200: rgRealityCheckResponse, ...errors },
    }),
    async (request) => ok(request, await getRealityCheck(root.db, memberOf(request), currentSession(request).createdAt, root.now())),
  );

  app.put(
    RG_PATHS.realityCheck,
    options('Set the reality-check interval (15/30/60/120 minutes) or turn it off', {
      body: rgRealityCheckBody,
      response: { 200: rgRealityCheckResponse, ...errors },
    }),
    async (request) =>
      ok(
        request,
        await setRealityCheck(root.db, memberOf(request), request.body.intervalMinutes, currentSession(request).createdAt, root.now()),
      ),
  );

  app.post(
    RG_PATHS.realityCheckAck,
    options('Answer the reality check: continue, or stop (logs out)', {
      body: rgRealityCheckAckBody,
      response: { 200: rgRealityCheckAckResponse, ...errors },
    }),
    async (request) => {
      const session = currentSession(request);
      return ok(
        request,
        await acknowledgeRealityCheck(
          root.db,
          { ...memberOf(request), sessionId: session.id, sessionCreatedAt: session.createdAt },
          request.body.action,
          root.now(),
        ),
      );
    },
  );
}
