import { gameLaunchFBQuery, gameMaintenanceValue, LAUNCH_PATHS, launchGameQuery, launchGameResponse } from '@kismat/contracts/catalogue';
import { envelopeOf, errorEnvelope } from '@kismat/contracts/envelope';
import type { Language } from '@kismat/contracts/languages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentMember } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { requireMember } from '../../platform/policy';
import { defineRoutes } from '../../platform/route';
import { findVendorEntryGame } from '../catalogue/index';
import { type LaunchGameInput, launchGame } from './launch-game';

/** What a launch documents besides its answer: a 409 carries the maintenance window. */
const launchErrors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: envelopeOf(gameMaintenanceValue.nullable()),
  422: errorEnvelope,
};

/**
 * GET /wps/game/launchGame and the vendor launch relay GCS_gameLaunchFB. Trial players pass the
 * policy and are refused per game (third-party real-money launches).
 */
export async function registerGameLaunchRoutes(app: FastifyInstance): Promise<void> {
  const route = defineRoutes(app, { tags: ['games'], preValidation: requireMember, errors: launchErrors });

  /** Launches `game` for the signed-in member, in the language asked for, back to this site's lobby. */
  const launchFor = (
    request: FastifyRequest,
    game: Pick<LaunchGameInput, 'nodeId' | 'gameCode' | 'vassalage' | 'platform' | 'mode'>,
    language: Language | undefined,
    now: Date,
  ) =>
    launchGame(app.db, app.vendorDirectory, {
      merchant: request.merchant,
      member: currentMember(request),
      ...game,
      language: language ?? request.language,
      lobbyUrl: `${request.protocol}://${request.host}/`,
      now,
    });

  route.get(
    LAUNCH_PATHS.launchGame,
    {
      summary: 'Launch a game: a single-use launch token in the vendor client URL (iframe or redirect)',
      querystring: launchGameQuery,
      response: launchGameResponse,
    },
    async (request) => {
      const { nodeId, gameCode, vassalage, platform, mode, language } = request.query;
      return await launchFor(request, { nodeId, gameCode, vassalage, platform, mode }, language, app.now());
    },
  );

  route.get(
    LAUNCH_PATHS.gameLaunchFB,
    {
      summary: 'Launch a vendor: its game by code, else its entry game (first offered in list order, not in maintenance); as launchGame',
      querystring: gameLaunchFBQuery,
      response: launchGameResponse,
    },
    async (request) => {
      const { vassalage, gameCode, gameType, platform, mode, language } = request.query;
      const now = app.now();
      const nodeId = gameCode
        ? undefined
        : await findVendorEntryGame(app.db, { merchantId: request.merchant.id, vassalage, gameType, prefersFreePlay: mode === 'fun', now });
      if (!gameCode && nodeId === null) throw new AppError('GAME_UNAVAILABLE');
      return await launchFor(
        request,
        { ...(gameCode ? { gameCode, vassalage } : { nodeId: nodeId ?? undefined }), platform, mode },
        language,
        now,
      );
    },
  );
}
