import { CONTENT_IMAGE_PATH } from '@kismat/contracts/content-admin';
import { errorEnvelope } from '@kismat/contracts/envelope';
import { ANNOUNCEMENT_TYPES, listAnnouncementsQuery, listAnnouncementsResponse, MESSAGES_PATHS } from '@kismat/contracts/messages';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { defineRoutes } from '../../platform/route';
import { readContentImage } from './content-images';
import { listAnnouncements } from './list-announcements';

// The id is a random UUID written once: the bytes behind a URL never change.
const CONTENT_IMAGE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Announcements, notices, popups, promotions and banners (public). */
export async function registerMessagesRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  defineRoutes(routes, { tags: ['messages'], security: false }).get(
    MESSAGES_PATHS.listAnnouncements,
    {
      summary: 'Banners (B), player notices (PL), popups (PU), promotions (PR) and headlines (H) active now',
      querystring: listAnnouncementsQuery,
      response: listAnnouncementsResponse,
      errors: { 422: errorEnvelope },
    },
    async (request) =>
      await listAnnouncements(app.db, {
        merchantId: request.merchant.id,
        types: request.query.types ?? ANNOUNCEMENT_TYPES,
        platform: request.query.platform,
        language: request.query.language ?? request.language,
        now: app.now(),
      }),
  );

  routes.get(
    CONTENT_IMAGE_PATH,
    {
      schema: {
        tags: ['images'],
        summary: 'An image an operator uploaded for banners, promotions or help (PNG, JPEG or WebP)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: z.string().describe('The image bytes'), 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const image = await readContentImage(app.db, request.params.id);
      if (!image) throw new AppError('NOT_FOUND');
      // The bytes as stored (a Buffer is sent as it is, past the JSON serialiser).
      return (reply as FastifyReply)
        .header('cache-control', `public, max-age=${CONTENT_IMAGE_MAX_AGE_SECONDS}, immutable`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .type(image.contentType)
        .send(image.bytes);
    },
  );
}
