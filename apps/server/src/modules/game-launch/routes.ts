import { gameMaintenanceValue, LAUNCH_PATHS, launchGameQuery, launchGameResponse } from '@kismat/contracts/catalogue';
import { envelopeOf, errorEnvelope } from '@kismat/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { requireMember } from '../../platform/policy';
import { launchGame } from './launch-game';

/** GET /wps/game/launchGame. Trial players pass the policy and are refused per game (third-party real-money launches). */
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
        response: {
          200: launchGameResponse,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          409: envelopeOf(gameMaintenanceValue.nullable()),
          422: errorEnvelope,
        },
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
          now: app.now(),
        }),
      ),
  );
}
