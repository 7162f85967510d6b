import { gameLaunchFBQuery, gameMaintenanceValue, LAUNCH_PATHS, launchGameQuery, launchGameResponse } from '@kismat/contracts/catalogue';
import { envelopeOf, errorEnvelope } from '@kismat/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { requireMember } from '../../platform/policy';
import { findVendorEntryGame } from '../catalogue/index';
import { launchGame } from './launch-game';

const launchResponses = {
  200: launchGameResponse,
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
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    LAUNCH_PATHS.launchGame,
    {
      preValidation: requireMember,
      schema: {
        tags: ['games'],
        summary: 'Launch a game: a single-use launch token in the vendor client URL (iframe or redirect)',
        security: [{ bearer: [] }],
        querystring: launchGameQuery,
        response: launchResponses,
      },
    },
    async (request) =>
      ok(
        request,
        await launchGame(app.db, app.vendorDirectory, {
          merchant: request.merchant,
          member: currentMember(request),
          nodeId: request.query.nodeId,
          gameCode: request.query.gameCode,
          vassalage: request.query.vassalage,
          platform: request.query.platform,
          mode: request.query.mode,
          language: request.query.language ?? request.language,
          lobbyUrl: `${request.protocol}://${request.host}/`,
          now: app.now(),
        }),
      ),
  );

  routes.get(
    LAUNCH_PATHS.gameLaunchFB,
    {
      preValidation: requireMember,
      schema: {
        tags: ['games'],
        summary: 'Launch a vendor: its game by code, else its entry game (first offered in list order, not in maintenance); as launchGame',
        security: [{ bearer: [] }],
        querystring: gameLaunchFBQuery,
        response: launchResponses,
      },
    },
    async (request) => {
      const { vassalage, gameCode, gameType, platform, mode } = request.query;
      const now = app.now();
      const nodeId = gameCode
        ? undefined
        : await findVendorEntryGame(app.db, { merchantId: request.merchant.id, vassalage, gameType, prefersFreePlay: mode === 'fun', now });
      if (!gameCode && nodeId === null) throw new AppError('GAME_UNAVAILABLE');
      return ok(
        request,
        await launchGame(app.db, app.vendorDirectory, {
          merchant: request.merchant,
          member: currentMember(request),
          ...(gameCode ? { gameCode, vassalage } : { nodeId: nodeId ?? undefined }),
          platform,
          mode,
          language: request.query.language ?? request.language,
          lobbyUrl: `${request.protocol}://${request.host}/`,
          now,
        }),
      );
    },
  );
}
