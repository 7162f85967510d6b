import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorEnvelope } from '@kismat/contracts/envelope';
import {
  DEMO_VENDOR_PATHS,
  demoRollBody,
  demoRollResponse,
  demoSessionBody,
  demoSessionResponse,
  VENDOR_API_PATHS,
} from '@kismat/contracts/vendor-wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { callVendorApi } from './call-vendor-api';
import { playDemoRound } from './play-demo-round';

const CLIENT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'client');
const tags = ['demo-vendor'];
// The client page may only load its own script and call its own backend; it may be framed by the site.
const CLIENT_CSP = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; frame-ancestors 'self'";

/** The built-in DEMO vendor: its HTML5 dice client and the backend that plays the vendor side. */
export async function registerDemoVendorRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const [page, script] = await Promise.all([
    readFile(path.join(CLIENT_DIR, 'index.html'), 'utf8'),
    readFile(path.join(CLIENT_DIR, 'dice.js'), 'utf8'),
  ]);

  routes.get(
    DEMO_VENDOR_PATHS.client,
    {
      // The site's game frame shows this page: same-origin framing only (CLIENT_CSP says it too).
      helmet: { frameguard: { action: 'sameorigin' } },
      schema: {
        tags,
        summary: 'DEMO dice game client (HTML); query token, game, vendor, lang',
        produces: ['text/html'],
        response: { 200: z.string() },
      },
    },
    async (_request, reply) =>
      reply.header('content-security-policy', CLIENT_CSP).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page),
  );
  routes.get(
    DEMO_VENDOR_PATHS.clientScript,
    { schema: { tags, summary: 'DEMO dice game script', produces: ['text/javascript'], response: { 200: z.string() } } },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').type('text/javascript; charset=utf-8').send(script),
  );

  routes.post(
    DEMO_VENDOR_PATHS.session,
    {
      schema: {
        tags,
        summary: 'DEMO vendor: exchange the launch token (signed authenticate call)',
        body: demoSessionBody,
        response: { 200: demoSessionResponse, 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const vendor = await app.vendorDirectory.find(request.body.vendor);
      if (!vendor?.isDemo) throw new AppError('GAME_UNAVAILABLE');
      const answer = await callVendorApi(app, {
        vendorCode: vendor.code,
        secret: vendor.apiSecret,
        path: VENDOR_API_PATHS.authenticate,
        body: { token: request.body.token },
      });
      if (answer.status !== 'RS_OK' || !answer.sessionId || !answer.user) {
        throw new AppError(answer.status === 'RS_ERROR_TOKEN_EXPIRED' ? 'SESSION_EXPIRED' : 'AUTH_REQUIRED', {
          value: { status: answer.status },
        });
      }
      return ok(request, {
        sessionId: answer.sessionId,
        user: answer.user,
        currency: answer.currency ?? '',
        balance: answer.balance ?? '0.00',
        gameCode: answer.gameCode ?? '',
        isFunMode: answer.isFunMode === true,
        vendor: vendor.code,
      });
    },
  );

  routes.post(
    DEMO_VENDOR_PATHS.roll,
    {
      schema: {
        tags,
        summary: 'DEMO vendor: one dice round (bet, server-side roll, win)',
        body: demoRollBody,
        response: { 200: demoRollResponse, 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await playDemoRound(app, {
          vendorCode: request.body.vendor,
          sessionId: request.body.sessionId,
          user: request.body.user,
          gameCode: request.body.gameCode,
          currency: request.body.currency,
          amount: request.body.amount,
          target: request.body.target,
        }),
      ),
  );
}
