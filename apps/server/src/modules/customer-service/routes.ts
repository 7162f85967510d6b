import { CUSTOMER_SERVICE_PATHS, modelListResponse, unreadCountResponse } from '@kismat/contracts/customer-service';
import { errorEnvelope } from '@kismat/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { requireMember } from '../../platform/policy';
import { countUnreadMessages } from './count-unread-messages';
import { listLiveChatModels } from './list-live-chat-models';

/** Customer-service relays: the unread inbox count (T) and the live-chat model list (N). */
export async function registerCustomerServiceRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    CUSTOMER_SERVICE_PATHS.unreadCount,
    {
      preValidation: requireMember,
      schema: {
        tags: ['messages'],
        summary: "The member's unread inbox messages",
        security: [{ bearer: [] }],
        response: { 200: unreadCountResponse, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (request) => ok(request, { count: await countUnreadMessages(app.db, currentMember(request).id) }),
  );

  routes.get(
    CUSTOMER_SERVICE_PATHS.modelList,
    {
      schema: {
        tags: ['system'],
        summary: 'Live chat: on or off for this site, and its chat desks (models)',
        response: { 200: modelListResponse },
      },
    },
    async (request) => ok(request, await listLiveChatModels(app.db, request.merchant, request.language)),
  );
}
