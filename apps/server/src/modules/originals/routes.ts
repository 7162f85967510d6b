import { errorEnvelope } from '@kismat/contracts/envelope';
import {
  andarBaharDealBody,
  diceRollBody,
  dragonTigerDealBody,
  minesCashOutBody,
  minesOpenResponse,
  minesRevealBody,
  minesStartBody,
  ORIGINALS_PATHS,
  originalPlayResponse,
  originalRoundParams,
  originalRoundsQuery,
  originalRoundsResponse,
  originalsConfigResponse,
  plinkoDropBody,
  teenPattiDealBody,
  teenPattiDecideBody,
  teenPattiOpenResponse,
  verifyOriginalRoundResponse,
} from '@kismat/contracts/originals';
import { formatAmount, parseAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { requireMember } from '../../platform/policy';
import { registerRotationGuard, resolvePlayAccounts } from '../house-games/index';
import { assertWithinPromotionMaxBet } from '../promotions/index';
import { cashOutMines } from './cash-out-mines';
import { houseEdgeOf, MAX_STAKE_MINOR, MIN_STAKE_MINOR } from './house-edge-setting';
import { playCardRound } from './play-card-round';
import { playDice } from './play-dice';
import { playPlinko } from './play-plinko';
import { decideTeenPatti, findOpenTeenPatti, openTeenPatti } from './play-teen-patti';
import { presentOriginalRound } from './present-original-round';
import { findOpenMinesRound, findOriginalRound, listOriginalRounds, refuseRotationWithOpenRound } from './read-original-rounds';
import { revealMinesTile } from './reveal-mines-tile';
import { startMines } from './start-mines';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

/** Dice, mines, plinko and the card games (issue 23). Trial players play with play money (requireMember, not requireRealMember). */
export async function registerOriginalsRoutes(app: FastifyInstance): Promise<void> {
  // A seed rotation would reveal an open round's mines: house games asks this module first.
  registerRotationGuard(refuseRotationWithOpenRound);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: requireMember };
  const tags = ['originals'];
  const security = [{ bearer: [] }];

  /**
   * What every new round's operation takes: the player's accounts, the stake checked against an
   * active promotion bonus's maximum bet (play money has none), the merchant's house edge, the key.
   */
  async function newRound(request: FastifyRequest, body: { stake: string; idempotencyKey: string }) {
    const player = currentMember(request);
    const accounts = await resolvePlayAccounts(app.db, request.merchant, player);
    let stakeMinor: bigint;
    try {
      stakeMinor = parseAmount(body.stake);
    } catch {
      throw new AppError('ORIGINALS_BET_INVALID');
    }
    if (!accounts.isTrial)
      await assertWithinPromotionMaxBet(app.db, { memberId: player.id, amount: stakeMinor, language: request.language });
    return {
      merchantId: request.merchant.id,
      memberId: player.id,
      accounts,
      stakeMinor,
      houseEdgeBp: houseEdgeOf(request.merchant),
      idempotencyKey: body.idempotencyKey,
      now: app.now(),
      language: request.language,
      utcOffsetMinutes: request.merchant.utcOffsetMinutes,
    };
  }
  const played = (request: FastifyRequest, result: { round: unknown; balanceMinor: bigint; isReplay: boolean }) =>
    ok(request, { round: result.round, balance: formatAmount(result.balanceMinor), isReplay: result.isReplay });

  routes.get(
    ORIGINALS_PATHS.config,
    {
      ...member,
      schema: { tags, summary: 'House edge and stake limits', security, response: { 200: originalsConfigResponse, ...errors } },
    },
    async (request) =>
      ok(request, {
        houseEdgeBp: houseEdgeOf(request.merchant),
        minStake: formatAmount(MIN_STAKE_MINOR),
        maxStake: formatAmount(MAX_STAKE_MINOR),
      }),
  );

  routes.post(
    ORIGINALS_PATHS.diceRoll,
    {
      ...member,
      schema: { tags, summary: 'One dice roll', security, body: diceRollBody, response: { 200: originalPlayResponse, ...errors } },
    },
    async (request) => {
      const result = await playDice(app.db, {
        ...(await newRound(request, request.body)),
        bet: { direction: request.body.direction, chance: request.body.chance },
      });
      return played(request, result);
    },
  );

  routes.post(
    ORIGINALS_PATHS.plinkoDrop,
    {
      ...member,
      schema: { tags, summary: 'One plinko drop', security, body: plinkoDropBody, response: { 200: originalPlayResponse, ...errors } },
    },
    async (request) => {
      const result = await playPlinko(app.db, {
        ...(await newRound(request, request.body)),
        bet: { rows: request.body.rows, risk: request.body.risk },
      });
      return played(request, result);
    },
  );

  // The card games: one slip of several bets, dealt and settled in one transaction.
  const cardRoutes = [
    { game: 'DRAGON_TIGER', path: ORIGINALS_PATHS.dragonTigerDeal, body: dragonTigerDealBody, summary: 'One Dragon Tiger deal' },
    { game: 'ANDAR_BAHAR', path: ORIGINALS_PATHS.andarBaharDeal, body: andarBaharDealBody, summary: 'One Andar Bahar deal' },
  ] as const;
  for (const card of cardRoutes) {
    routes.post(
      card.path,
      { ...member, schema: { tags, summary: card.summary, security, body: card.body, response: { 200: originalPlayResponse, ...errors } } },
      async (request) => {
        const stakes: Record<string, bigint> = {};
        for (const [bet, stake] of Object.entries(request.body.stakes as Record<string, string | undefined>)) {
          if (stake === undefined) continue;
          try {
            stakes[bet] = parseAmount(stake, { allowZero: true });
          } catch {
            throw new AppError('ORIGINALS_BET_INVALID');
          }
        }
        const total = Object.values(stakes).reduce((sum, stake) => sum + stake, 0n);
        const { stakeMinor: _total, ...round } = await newRound(request, {
          stake: formatAmount(total),
          idempotencyKey: request.body.idempotencyKey,
        });
        return played(request, await playCardRound(app.db, { ...round, game: card.game, stakes }));
      },
    );
  }

  // Teen Patti: ante (+ Pair Plus) opens a round, Play or Fold settles it (play-teen-patti.ts).
  routes.post(
    ORIGINALS_PATHS.teenPattiDeal,
    {
      ...member,
      schema: {
        tags,
        summary: 'Open a Teen Patti round',
        security,
        body: teenPattiDealBody,
        response: { 200: originalPlayResponse, ...errors },
      },
    },
    async (request) => {
      let pairPlusMinor: bigint;
      try {
        pairPlusMinor = parseAmount(request.body.pairPlus ?? '0', { allowZero: true });
      } catch {
        throw new AppError('ORIGINALS_BET_INVALID');
      }
      // The promotion's maximum bet is checked on the whole round as it can grow: ante, play, pair plus.
      const ante = await newRound(request, { stake: request.body.ante, idempotencyKey: request.body.idempotencyKey });
      const { stakeMinor: anteMinor, ...round } = ante;
      if (!round.accounts.isTrial)
        await assertWithinPromotionMaxBet(app.db, {
          memberId: round.memberId,
          amount: 2n * anteMinor + pairPlusMinor,
          language: request.language,
        });
      return played(request, await openTeenPatti(app.db, { ...round, anteMinor, pairPlusMinor }));
    },
  );

  routes.post(
    ORIGINALS_PATHS.teenPattiDecide,
    {
      ...member,
      schema: {
        tags,
        summary: 'Play or fold a Teen Patti round',
        security,
        body: teenPattiDecideBody,
        response: { 200: originalPlayResponse, ...errors },
      },
    },
    async (request) => {
      const player = currentMember(request);
      const accounts = await resolvePlayAccounts(app.db, request.merchant, player);
      const result = await decideTeenPatti(app.db, {
        memberId: player.id,
        accounts,
        roundId: Number(request.body.roundId),
        decision: request.body.decision,
        idempotencyKey: request.body.idempotencyKey,
        now: app.now(),
        language: request.language,
        utcOffsetMinutes: request.merchant.utcOffsetMinutes,
      });
      return played(request, result);
    },
  );

  routes.get(
    ORIGINALS_PATHS.teenPattiOpen,
    { ...member, schema: { tags, summary: 'My open Teen Patti round', security, response: { 200: teenPattiOpenResponse, ...errors } } },
    async (request) => ok(request, { round: await findOpenTeenPatti(app.db, { memberId: currentMember(request).id, now: app.now() }) }),
  );

  routes.post(
    ORIGINALS_PATHS.minesStart,
    {
      ...member,
      schema: { tags, summary: 'Open a mines round', security, body: minesStartBody, response: { 200: originalPlayResponse, ...errors } },
    },
    async (request) => {
      const result = await startMines(app.db, {
        ...(await newRound(request, request.body)),
        mineCount: request.body.mineCount,
      });
      return played(request, result);
    },
  );

  routes.post(
    ORIGINALS_PATHS.minesReveal,
    {
      ...member,
      schema: { tags, summary: 'Reveal a tile', security, body: minesRevealBody, response: { 200: originalPlayResponse, ...errors } },
    },
    async (request) => {
      const player = currentMember(request);
      const accounts = await resolvePlayAccounts(app.db, request.merchant, player);
      const result = await revealMinesTile(app.db, {
        memberId: player.id,
        accounts,
        roundId: Number(request.body.roundId),
        tile: request.body.tile,
        now: app.now(),
      });
      return played(request, result);
    },
  );

  routes.post(
    ORIGINALS_PATHS.minesCashOut,
    {
      ...member,
      schema: {
        tags,
        summary: 'Cash out a mines round',
        security,
        body: minesCashOutBody,
        response: { 200: originalPlayResponse, ...errors },
      },
    },
    async (request) => {
      const player = currentMember(request);
      const accounts = await resolvePlayAccounts(app.db, request.merchant, player);
      const result = await cashOutMines(app.db, { memberId: player.id, accounts, roundId: Number(request.body.roundId), now: app.now() });
      return played(request, result);
    },
  );

  routes.get(
    ORIGINALS_PATHS.minesOpen,
    { ...member, schema: { tags, summary: 'My open mines round', security, response: { 200: minesOpenResponse, ...errors } } },
    async (request) => ok(request, { round: await findOpenMinesRound(app.db, currentMember(request).id) }),
  );

  routes.get(
    ORIGINALS_PATHS.rounds,
    {
      ...member,
      schema: {
        tags,
        summary: 'My original rounds',
        security,
        querystring: originalRoundsQuery,
        response: { 200: originalRoundsResponse, ...errors },
      },
    },
    async (request) => ok(request, await listOriginalRounds(app.db, { memberId: currentMember(request).id, ...request.query })),
  );

  routes.get(
    ORIGINALS_PATHS.verify,
    {
      ...member,
      schema: {
        tags,
        summary: 'Inputs to recompute an original round',
        security,
        params: originalRoundParams,
        response: { 200: verifyOriginalRoundResponse, ...errors },
      },
    },
    async (request) => {
      const { round, seed } = await findOriginalRound(app.db, {
        memberId: currentMember(request).id,
        roundId: Number(request.params.roundId),
      });
      const isRevealed = seed.status === 'REVEALED';
      return ok(request, {
        round: presentOriginalRound(round, seed),
        stakeMinor: round.stakeMinor.toString(),
        // The seed of an active pair stays secret: revealing it would let the player predict the next rounds.
        serverSeed: isRevealed ? seed.serverSeedHex : null,
        isRevealed,
      });
    },
  );
}
