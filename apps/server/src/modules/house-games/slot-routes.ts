import { errorEnvelope } from '@kismat/contracts/envelope';
import {
  fairnessQuery,
  fairnessResponse,
  HOUSE_GAME_PATHS,
  rotateSeedBody,
  rotateSeedResponse,
  setClientSeedBody,
  slotRoundParams,
  slotRoundResponse,
  slotRoundsQuery,
  slotRoundsResponse,
  slotTitlesResponse,
  spinBody,
  spinResponse,
  verifySlotRoundResponse,
} from '@kismat/contracts/house-games';
import { formatAmount, parseAmount } from '@kismat/contracts/wallet';
import { SLOT_TITLES } from '@kismat/game-math/slots/slot-titles';
import type { FastifyInstance } from 'fastify';
import { currentMember } from '../../platform/auth';
import { DeferredSessions } from '../../platform/deferred-session';
import { requireMember } from '../../platform/policy';
import { defineRoutes } from '../../platform/route';
import { getFairnessState, rotateSeed, setClientSeed } from './fairness-seeds';
import { presentSlotRound } from './present-slot-round';
import { findSlotRound, listSlotRounds } from './read-slot-rounds';
import { resolvePlayAccounts } from './resolve-play-accounts';
import { spinSlot } from './spin-slot';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

/** Slots and the member's fairness seeds. Trial players play with play money (requireMember, not requireRealMember). */
export async function registerSlotRoutes(app: FastifyInstance): Promise<void> {
  const route = defineRoutes(app, { tags: ['house-games'], errors });
  // The spin's session read rides in its lock statement (issue 16 item 1): one round trip fewer.
  const spinSessions = new DeferredSessions();

  route.get(HOUSE_GAME_PATHS.slotTitles, { summary: 'Slot titles', response: slotTitlesResponse, errors: {}, security: false }, () => ({
    titles: SLOT_TITLES.map((title) => ({
      titleId: title.id,
      name: title.name,
      theme: title.theme,
      gameCode: title.id,
      paylineCount: title.paylines.length,
      betLevels: title.betLevelsMinor.map(formatAmount),
      declaredRtpPercent: title.declaredRtpPercent,
      maxWinMultiplier: title.maxWinMultiplier,
    })),
  }));

  route.post(
    HOUSE_GAME_PATHS.spin,
    { summary: 'One slot spin', body: spinBody, response: spinResponse, preValidation: spinSessions.requireMember(spinBody) },
    async (request) =>
      await spinSessions.run(request, async (session) => {
        const player = currentMember(request);
        const accounts = await resolvePlayAccounts(app.db, request.merchant, player);
        const totalBetMinor = parseAmount(request.body.betLevel);
        // An active promotion bonus caps the bet (issue 14): checked by spinSlot in its lock statement.
        const result = await spinSlot(app.db, {
          merchantId: request.merchant.id,
          memberId: player.id,
          accounts,
          titleId: request.body.titleId,
          totalBetMinor,
          idempotencyKey: request.body.idempotencyKey,
          now: app.now(),
          language: request.language,
          utcOffsetMinutes: request.merchant.utcOffsetMinutes,
          ...(session ? { session } : {}),
        });
        return { round: result.round, balance: formatAmount(result.balanceMinor), isReplay: result.isReplay };
      }),
  );

  route.get(
    HOUSE_GAME_PATHS.slotRounds,
    { summary: 'My slot rounds', querystring: slotRoundsQuery, response: slotRoundsResponse, preValidation: requireMember },
    async (request) => await listSlotRounds(app.db, { memberId: currentMember(request).id, ...request.query }),
  );

  route.get(
    HOUSE_GAME_PATHS.slotRound,
    { summary: 'One slot round', params: slotRoundParams, response: slotRoundResponse, preValidation: requireMember },
    async (request) => {
      const row = await findSlotRound(app.db, { memberId: currentMember(request).id, roundId: Number(request.params.roundId) });
      return presentSlotRound(row.round, row.seed);
    },
  );

  route.get(
    HOUSE_GAME_PATHS.verifySlotRound,
    {
      summary: 'Inputs to recompute a slot round',
      params: slotRoundParams,
      response: verifySlotRoundResponse,
      preValidation: requireMember,
    },
    async (request) => {
      const { round, seed } = await findSlotRound(app.db, { memberId: currentMember(request).id, roundId: Number(request.params.roundId) });
      const isRevealed = seed.status === 'REVEALED';
      return {
        roundId: String(round.id),
        titleId: round.titleId,
        totalBetMinor: round.totalBetMinor.toString(),
        // The seed of an active pair stays secret: revealing it would let the player predict the next rounds.
        serverSeed: isRevealed ? seed.serverSeedHex : null,
        commitment: seed.commitment,
        clientSeed: round.clientSeed ?? seed.clientSeed ?? '',
        nonce: round.nonce,
        isRevealed,
        totalPayout: formatAmount(round.totalPayoutMinor),
      };
    },
  );

  route.get(
    HOUSE_GAME_PATHS.fairness,
    { summary: 'Current seed pair', querystring: fairnessQuery, response: fairnessResponse, preValidation: requireMember },
    async (request) =>
      await getFairnessState(app.db, { memberId: currentMember(request).id, family: request.query.family, now: app.now() }),
  );

  route.post(
    HOUSE_GAME_PATHS.rotateSeed,
    {
      summary: 'Rotate the server seed: reveal it, activate the committed next one',
      body: rotateSeedBody,
      response: rotateSeedResponse,
      preValidation: requireMember,
    },
    // The body is the family and the client seed (the schema drops anything else).
    async (request) => await rotateSeed(app.db, { ...request.body, memberId: currentMember(request).id, now: app.now() }),
  );

  route.post(
    HOUSE_GAME_PATHS.setClientSeed,
    {
      summary: 'Set the client seed (the server seed stays)',
      body: setClientSeedBody,
      response: fairnessResponse,
      preValidation: requireMember,
    },
    async (request) => await setClientSeed(app.db, { ...request.body, memberId: currentMember(request).id, now: app.now() }),
  );
}
