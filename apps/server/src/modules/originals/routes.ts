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
import { currentMember } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { requireMember } from '../../platform/policy';
import { defineRoutes } from '../../platform/route';
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
  const route = defineRoutes(app, { tags: ['originals'], preValidation: requireMember, errors });

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
  const played = <Round>(result: { round: Round; balanceMinor: bigint; isReplay: boolean }) => ({
    round: result.round,
    balance: formatAmount(result.balanceMinor),
    isReplay: result.isReplay,
  });

  route.get(ORIGINALS_PATHS.config, { summary: 'House edge and stake limits', response: originalsConfigResponse }, async (request) => ({
    houseEdgeBp: houseEdgeOf(request.merchant),
    minStake: formatAmount(MIN_STAKE_MINOR),
    maxStake: formatAmount(MAX_STAKE_MINOR),
  }));

  route.post(
    ORIGINALS_PATHS.diceRoll,
    { summary: 'One dice roll', body: diceRollBody, response: originalPlayResponse },
    async (request) => {
      const result = await playDice(app.db, {
        ...(await newRound(request, request.body)),
        bet: { direction: request.body.direction, chance: request.body.chance },
      });
      return played(result);
    },
  );

  route.post(
    ORIGINALS_PATHS.plinkoDrop,
    { summary: 'One plinko drop', body: plinkoDropBody, response: originalPlayResponse },
    async (request) => {
      const result = await playPlinko(app.db, {
        ...(await newRound(request, request.body)),
        bet: { rows: request.body.rows, risk: request.body.risk },
      });
      return played(result);
    },
  );

  // The card games: one slip of several bets, dealt and settled in one transaction.
  const cardRoutes = [
    { game: 'DRAGON_TIGER', path: ORIGINALS_PATHS.dragonTigerDeal, body: dragonTigerDealBody, summary: 'One Dragon Tiger deal' },
    { game: 'ANDAR_BAHAR', path: ORIGINALS_PATHS.andarBaharDeal, body: andarBaharDealBody, summary: 'One Andar Bahar deal' },
  ] as const;
  for (const card of cardRoutes) {
    route.post(card.path, { summary: card.summary, body: card.body, response: originalPlayResponse }, async (request) => {
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
      return played(await playCardRound(app.db, { ...round, game: card.game, stakes }));
    });
  }

  // Teen Patti: ante (+ Pair Plus) opens a round, Play or Fold settles it (play-teen-patti.ts).
  route.post(
    ORIGINALS_PATHS.teenPattiDeal,
    { summary: 'Open a Teen Patti round', body: teenPattiDealBody, response: originalPlayResponse },
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
      return played(await openTeenPatti(app.db, { ...round, anteMinor, pairPlusMinor }));
    },
  );

  route.post(
    ORIGINALS_PATHS.teenPattiDecide,
    { summary: 'Play or fold a Teen Patti round', body: teenPattiDecideBody, response: originalPlayResponse },
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
      return played(result);
    },
  );

  route.get(ORIGINALS_PATHS.teenPattiOpen, { summary: 'My open Teen Patti round', response: teenPattiOpenResponse }, async (request) => ({
    round: await findOpenTeenPatti(app.db, { memberId: currentMember(request).id, now: app.now() }),
  }));

  route.post(
    ORIGINALS_PATHS.minesStart,
    { summary: 'Open a mines round', body: minesStartBody, response: originalPlayResponse },
    async (request) => {
      const result = await startMines(app.db, {
        ...(await newRound(request, request.body)),
        mineCount: request.body.mineCount,
      });
      return played(result);
    },
  );

  route.post(
    ORIGINALS_PATHS.minesReveal,
    { summary: 'Reveal a tile', body: minesRevealBody, response: originalPlayResponse },
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
      return played(result);
    },
  );

  route.post(
    ORIGINALS_PATHS.minesCashOut,
    { summary: 'Cash out a mines round', body: minesCashOutBody, response: originalPlayResponse },
    async (request) => {
      const player = currentMember(request);
      const accounts = await resolvePlayAccounts(app.db, request.merchant, player);
      const result = await cashOutMines(app.db, { memberId: player.id, accounts, roundId: Number(request.body.roundId), now: app.now() });
      return played(result);
    },
  );

  route.get(ORIGINALS_PATHS.minesOpen, { summary: 'My open mines round', response: minesOpenResponse }, async (request) => ({
    round: await findOpenMinesRound(app.db, currentMember(request).id),
  }));

  route.get(
    ORIGINALS_PATHS.rounds,
    { summary: 'My original rounds', querystring: originalRoundsQuery, response: originalRoundsResponse },
    async (request) => await listOriginalRounds(app.db, { memberId: currentMember(request).id, ...request.query }),
  );

  route.get(
    ORIGINALS_PATHS.verify,
    { summary: 'Inputs to recompute an original round', params: originalRoundParams, response: verifyOriginalRoundResponse },
    async (request) => {
      const { round, seed } = await findOriginalRound(app.db, {
        memberId: currentMember(request).id,
        roundId: Number(request.params.roundId),
      });
      const isRevealed = seed.status === 'REVEALED';
      return {
        round: presentOriginalRound(round, seed),
        stakeMinor: round.stakeMinor.toString(),
        // The seed of an active pair stays secret: revealing it would let the player predict the next rounds.
        serverSeed: isRevealed ? seed.serverSeedHex : null,
        isRevealed,
      };
    },
  );
}
