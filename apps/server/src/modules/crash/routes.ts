import {
  CRASH_PATHS,
  crashBetBody,
  crashBetResponse,
  crashCashOutBody,
  crashMyBetsQuery,
  crashMyBetsResponse,
  crashRoundParams,
  crashRoundVerifyResponse,
  crashStateResponse,
} from '@kismat/contracts/crash';
import { errorEnvelope } from '@kismat/contracts/envelope';
import { formatAmount, parseAmount } from '@kismat/contracts/wallet';
import { CRASH_MAX_MULTIPLIER_HUNDREDTHS, CRASH_MIN_TARGET_HUNDREDTHS, formatMultiplier } from '@kismat/game-math/crash/crash-point';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { requireMember } from '../../platform/policy';
import { resolvePlayAccounts } from '../house-games/index';
import { assertWithinPromotionMaxBet } from '../promotions/index';
import { readAccountCash } from '../wallet/index';
import { cashOutCrashBet } from './cash-out-crash-bet';
import { registerCrashFeed } from './crash-push';
import { CRASH_MAX_STAKE_MINOR, CRASH_MIN_STAKE_MINOR, maskPlayer } from './crash-rules';
import { placeCrashBet } from './place-crash-bet';
import { parseMultiplier, presentCrashBet } from './present-crash';
import { listMyCrashBets, readCrashRoundVerify, readCrashState } from './read-crash-state';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };
const limits = {
  minStake: formatAmount(CRASH_MIN_STAKE_MINOR),
  maxStake: formatAmount(CRASH_MAX_STAKE_MINOR),
  minAutoCashOut: formatMultiplier(CRASH_MIN_TARGET_HUNDREDTHS),
  maxAutoCashOut: formatMultiplier(CRASH_MAX_MULTIPLIER_HUNDREDTHS),
};

/** Crash: the shared round, bets, cash-outs, own bets, verify. Trial players play with play money. */
export async function registerCrashRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: requireMember };
  const tags = ['crash'];
  const security = [{ bearer: [] }];
  const feed = registerCrashFeed(app);

  routes.get(
    CRASH_PATHS.state,
    { ...member, schema: { tags, summary: 'The current crash round', security, response: { 200: crashStateResponse, ...errors } } },
    async (request) => {
      const player = currentMember(request);
      const accounts = await resolvePlayAccounts(app.db, request.merchant, player);
      const now = app.now();
      const state = await readCrashState(app.db, { merchantId: request.merchant.id, memberId: player.id, now });
      const { balance } = await readAccountCash(app.db, accounts.memberAccountId);
      return ok(request, { serverTime: now.toISOString(), ...state, limits, balance: formatAmount(balance), isTrial: accounts.isTrial });
    },
  );

  routes.post(
    CRASH_PATHS.bet,
    {
      ...member,
      schema: {
        tags,
        summary: 'A bet in the betting window',
        security,
        body: crashBetBody,
        response: { 200: crashBetResponse, ...errors },
      },
    },
    async (request) => {
      const player = currentMember(request);
      const accounts = await resolvePlayAccounts(app.db, request.merchant, player);
      const stakeMinor = parseAmount(request.body.stake);
      const autoCashOut = request.body.autoCashOut === null ? null : parseMultiplier(request.body.autoCashOut);
      if (request.body.autoCashOut !== null && autoCashOut === null) throw new AppError('CRASH_BET_INVALID');
      // An active promotion bonus caps the bet (issue 14); play money has no bonus.
      if (!accounts.isTrial)
        await assertWithinPromotionMaxBet(app.db, { memberId: player.id, amount: stakeMinor, language: request.language });
      const result = await placeCrashBet(app.db, {
        merchantId: request.merchant.id,
        memberId: player.id,
        player: maskPlayer(player.username),
        accounts,
        roundId: Number(request.body.roundId),
        stakeMinor,
        autoCashOut,
        idempotencyKey: request.body.idempotencyKey,
        now: app.now(),
        language: request.language,
        utcOffsetMinutes: request.merchant.utcOffsetMinutes,
      });
      if (!result.isReplay)
        await feed.publishToMerchant(request.merchant.id, { type: 'crash', event: 'bet', bet: presentCrashBet(result.bet) });
      return ok(request, {
        bet: presentCrashBet(result.bet, player.id),
        balance: formatAmount(result.balanceMinor),
        isReplay: result.isReplay,
      });
    },
  );

  routes.post(
    CRASH_PATHS.cashOut,
    {
      ...member,
      schema: {
        tags,
        summary: 'Cash out at the current multiplier',
        security,
        body: crashCashOutBody,
        response: { 200: crashBetResponse, ...errors },
      },
    },
    async (request) => {
      const player = currentMember(request);
      const result = await cashOutCrashBet(app.db, {
        merchantId: request.merchant.id,
        memberId: player.id,
        roundId: Number(request.body.roundId),
        now: app.now(),
        language: request.language,
        utcOffsetMinutes: request.merchant.utcOffsetMinutes,
      });
      if (!result.isReplay)
        await feed.publishToMerchant(request.merchant.id, { type: 'crash', event: 'bet', bet: presentCrashBet(result.bet) });
      return ok(request, {
        bet: presentCrashBet(result.bet, player.id),
        balance: formatAmount(result.balanceMinor),
        isReplay: result.isReplay,
      });
    },
  );

  routes.get(
    CRASH_PATHS.myBets,
    {
      ...member,
      schema: {
        tags,
        summary: 'My crash bets',
        security,
        querystring: crashMyBetsQuery,
        response: { 200: crashMyBetsResponse, ...errors },
      },
    },
    async (request) =>
      ok(
        request,
        await listMyCrashBets(app.db, {
          memberId: currentMember(request).id,
          now: app.now(),
          pageNo: request.query.pageNo,
          pageSize: request.query.pageSize,
        }),
      ),
  );

  routes.get(
    CRASH_PATHS.round,
    {
      schema: {
        tags,
        summary: 'A crash round to verify',
        params: crashRoundParams,
        response: { 200: crashRoundVerifyResponse, ...errors },
      },
    },
    async (request) =>
      ok(
        request,
        await readCrashRoundVerify(app.db, { merchantId: request.merchant.id, roundId: Number(request.params.roundId), now: app.now() }),
      ),
  );
}
