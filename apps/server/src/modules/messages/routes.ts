import { errorEnvelope } from '@kismat/contracts/envelope';
import { ANNOUNCEMENT_TYPES, listAnnouncementsQuery, listAnnouncementsResponse, MESSAGES_PATHS } from '@kismat/contracts/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { listAnnouncements } from './list-announcements';

/** Announcements, notices, popups, promotions and banners (public). */
export async function registerMessagesRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    MESSAGES_PATHS.listAnnouncements,
    {
      schema: {
        tags: ['messages'],
        summary: 'Banners (B), player notices (PL), popups (PU), promotions (PR) and headlines (H) active now',
        querystring: listAnnouncementsQuery,
        response: { 200: listAnnouncementsResponse, 422: errorEnvelope },
      },
    },
    async (request) => {
      const value = await listAnnouncements(app.db, {
        merchantId: request.merchant.id,
        types: request.query.types ?? ANNOUNCEMENT_TYPES,
        platform: request.query.platform,
        language: request.query.language ?? request.language,
        now: app.now(),
      });
      return ok(request, value);
    },
  );
}
