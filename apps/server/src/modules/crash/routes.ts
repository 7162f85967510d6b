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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentMember } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { requireMember } from '../../platform/policy';
import { defineRoutes } from '../../platform/route';
import { resolvePlayAccounts } from '../house-games/index';
import { assertWithinPromotionMaxBet } from '../promotions/index';
import { readAccountCash } from '../wallet/index';
import { cashOutCrashBet } from './cash-out-crash-bet';
import { registerCrashFeed } from './crash-push';
import { CRASH_MAX_STAKE_MINOR, CRASH_MIN_STAKE_MINOR, maskPlayer } from './crash-rules';
import { type PlaceCrashBetResult, placeCrashBet } from './place-crash-bet';
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
  const route = defineRoutes(app, { tags: ['crash'], errors });
  const feed = registerCrashFeed(app);
  // Where and when a bet or cash-out happens: the merchant's day and the player's language.
  const playContext = (request: FastifyRequest) => ({
    merchantId: request.merchant.id,
    now: app.now(),
    language: request.language,
    utcOffsetMinutes: request.merchant.utcOffsetMinutes,
  });
  // A new bet or cash-out shows in every player's feed (a replay was shown the first time); the
  // player's own answer names the bet as theirs.
  const answerBet = async (merchantId: number, memberId: number, result: PlaceCrashBetResult) => {
    if (!result.isReplay) await feed.publishToMerchant(merchantId, { type: 'crash', event: 'bet', bet: presentCrashBet(result.bet) });
    return { bet: presentCrashBet(result.bet, memberId), balance: formatAmount(result.balanceMinor), isReplay: result.isReplay };
  };

  route.get(
    CRASH_PATHS.state,
    { summary: 'The current crash round', response: crashStateResponse, preValidation: requireMember },
    async (request) => {
      const player = currentMember(request);
      const accounts = await resolvePlayAccounts(app.db, request.merchant, player);
      const now = app.now();
      const state = await readCrashState(app.db, { merchantId: request.merchant.id, memberId: player.id, now });
      const { balance } = await readAccountCash(app.db, accounts.memberAccountId);
      return { serverTime: now.toISOString(), ...state, limits, balance: formatAmount(balance), isTrial: accounts.isTrial };
    },
  );

  route.post(
    CRASH_PATHS.bet,
    { summary: 'A bet in the betting window', body: crashBetBody, response: crashBetResponse, preValidation: requireMember },
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
        ...playContext(request),
        memberId: player.id,
        player: maskPlayer(player.username),
        accounts,
        roundId: Number(request.body.roundId),
        stakeMinor,
        autoCashOut,
        idempotencyKey: request.body.idempotencyKey,
      });
      return await answerBet(request.merchant.id, player.id, result);
    },
  );

  route.post(
    CRASH_PATHS.cashOut,
    { summary: 'Cash out at the current multiplier', body: crashCashOutBody, response: crashBetResponse, preValidation: requireMember },
    async (request) => {
      const player = currentMember(request);
      const result = await cashOutCrashBet(app.db, { ...playContext(request), memberId: player.id, roundId: Number(request.body.roundId) });
      return await answerBet(request.merchant.id, player.id, result);
    },
  );

  route.get(
    CRASH_PATHS.myBets,
    { summary: 'My crash bets', querystring: crashMyBetsQuery, response: crashMyBetsResponse, preValidation: requireMember },
    async (request) =>
      await listMyCrashBets(app.db, {
        memberId: currentMember(request).id,
        now: app.now(),
        pageNo: request.query.pageNo,
        pageSize: request.query.pageSize,
      }),
  );

  route.get(
    CRASH_PATHS.round,
    { summary: 'A crash round to verify', params: crashRoundParams, response: crashRoundVerifyResponse, security: false },
    async (request) =>
      await readCrashRoundVerify(app.db, { merchantId: request.merchant.id, roundId: Number(request.params.roundId), now: app.now() }),
  );
}
