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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { requireMember } from '../../platform/policy';
import { getFairnessState, rotateSeed, setClientSeed } from './fairness-seeds';
import { presentSlotRound } from './present-slot-round';
import { findSlotRound, listSlotRounds } from './read-slot-rounds';
import { resolvePlayAccounts } from './resolve-play-accounts';
import { spinSlot } from './spin-slot';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

/** Slots and the member's fairness seeds. Trial players play with play money (requireMember, not requireRealMember). */
export async function registerSlotRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: requireMember };
  const tags = ['house-games'];

  routes.get(
    HOUSE_GAME_PATHS.slotTitles,
    { schema: { tags, summary: 'Slot titles', response: { 200: slotTitlesResponse } } },
    async (request) =>
      ok(request, {
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
      }),
  );

  routes.post(
    HOUSE_GAME_PATHS.spin,
    {
      ...member,
      schema: { tags, summary: 'One slot spin', security: [{ bearer: [] }], body: spinBody, response: { 200: spinResponse, ...errors } },
    },
    async (request) => {
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
      });
      return ok(request, { round: result.round, balance: formatAmount(result.balanceMinor), isReplay: result.isReplay });
    },
  );

  routes.get(
    HOUSE_GAME_PATHS.slotRounds,
    {
      ...member,
      schema: {
        tags,
        summary: 'My slot rounds',
        security: [{ bearer: [] }],
        querystring: slotRoundsQuery,
        response: { 200: slotRoundsResponse, ...errors },
      },
    },
    async (request) => ok(request, await listSlotRounds(app.db, { memberId: currentMember(request).id, ...request.query })),
  );

  routes.get(
    HOUSE_GAME_PATHS.slotRound,
    {
      ...member,
      schema: {
        tags,
        summary: 'One slot round',
        security: [{ bearer: [] }],
        params: slotRoundParams,
        response: { 200: slotRoundResponse, ...errors },
      },
    },
    async (request) => {
      const row = await findSlotRound(app.db, { memberId: currentMember(request).id, roundId: Number(request.params.roundId) });
      return ok(request, presentSlotRound(row.round, row.seed));
    },
  );

  routes.get(
    HOUSE_GAME_PATHS.verifySlotRound,
    {
      ...member,
      schema: {
        tags,
        summary: 'Inputs to recompute a slot round',
        security: [{ bearer: [] }],
        params: slotRoundParams,
        response: { 200: verifySlotRoundResponse, ...errors },
      },
    },
    async (request) => {
      const { round, seed } = await findSlotRound(app.db, { memberId: currentMember(request).id, roundId: Number(request.params.roundId) });
      const isRevealed = seed.status === 'REVEALED';
      return ok(request, {
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
      });
    },
  );

  routes.get(
    HOUSE_GAME_PATHS.fairness,
    {
      ...member,
      schema: {
        tags,
        summary: 'Current seed pair',
        security: [{ bearer: [] }],
        querystring: fairnessQuery,
        response: { 200: fairnessResponse, ...errors },
      },
    },
    async (request) =>
      ok(request, await getFairnessState(app.db, { memberId: currentMember(request).id, family: request.query.family, now: app.now() })),
  );

  routes.post(
    HOUSE_GAME_PATHS.rotateSeed,
    {
      ...member,
      schema: {
        tags,
        summary: 'Rotate the server seed: reveal it, activate the committed next one',
        security: [{ bearer: [] }],
        body: rotateSeedBody,
        response: { 200: rotateSeedResponse, ...errors },
      },
    },
    async (request) =>
      ok(
        request,
        await rotateSeed(app.db, {
          memberId: currentMember(request).id,
          family: request.body.family,
          now: app.now(),
          clientSeed: request.body.clientSeed,
        }),
      ),
  );

  routes.post(
    HOUSE_GAME_PATHS.setClientSeed,
    {
      ...member,
      schema: {
        tags,
        summary: 'Set the client seed (the server seed stays)',
        security: [{ bearer: [] }],
        body: setClientSeedBody,
        response: { 200: fairnessResponse, ...errors },
      },
    },
    async (request) =>
      ok(
        request,
        await setClientSeed(app.db, {
          memberId: currentMember(request).id,
          family: request.body.family,
          now: app.now(),
          clientSeed: request.body.clientSeed,
        }),
      ),
  );
}
