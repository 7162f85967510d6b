import {
  CUSTOMER_SERVICE_PATHS,
  launchChatQuery,
  launchChatResponse,
  modelListResponse,
  unreadCountResponse,
} from '@kismat/contracts/customer-service';
import { errorEnvelope } from '@kismat/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { isAppError } from '../../platform/errors';
import { requireMember } from '../../platform/policy';
import { defineRoutes } from '../../platform/route';
import { countUnreadMessages } from '../inbox/index';
import { launchLiveChat } from './launch-live-chat';
import { listLiveChatModels } from './list-live-chat-models';
import { LIVE_CHAT_PAGE_CSP, renderLiveChatOffPage } from './render-live-chat-page';

/** Customer-service relays: the unread inbox count (T), the live-chat model list and the chat launch (N). */
export async function registerCustomerServiceRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const route = defineRoutes(routes, { tags: ['system'] });

  route.get(
    CUSTOMER_SERVICE_PATHS.unreadCount,
    {
      summary: "The member's unread inbox messages",
      response: unreadCountResponse,
      errors: { 401: errorEnvelope, 403: errorEnvelope },
      preValidation: requireMember,
      tags: ['messages'],
    },
    async (request) => ({ count: await countUnreadMessages(app.db, currentMember(request).id) }),
  );

  route.get(
    CUSTOMER_SERVICE_PATHS.modelList,
    {
      summary: 'Live chat: on or off for this site, and its chat desks (models)',
      response: modelListResponse,
      errors: {},
      security: false,
    },
    async (request) => await listLiveChatModels(app.db, request.merchant, request.language),
  );

  // The web opens the customer-service link (this relay) in a new tab: a browser navigation
  // (Accept: text/html) is redirected to the desk (the external one, or our chat room), or told chat is off;
  // an API call gets the desk as JSON or LIVE_CHAT_OFF.
  routes.get(
    CUSTOMER_SERVICE_PATHS.launchChat,
    {
      schema: {
        tags: ['system'],
        summary: 'Live chat: open a chat desk (JSON, or a redirect / page for a browser navigation)',
        querystring: launchChatQuery,
        produces: ['application/json', 'text/html'],
        response: { 200: z.union([launchChatResponse, z.string()]), 302: z.null(), 404: z.union([errorEnvelope, z.string()]) },
      },
    },
    async (request, reply) => {
      const wantsPage = (request.headers.accept ?? '').includes('text/html');
      const language = request.language;
      try {
        const chat = await launchLiveChat(app.db, request.merchant, { modelId: request.query.modelId, language });
        if (!wantsPage) return ok(request, chat);
        return reply.header('cache-control', 'no-store').redirect(chat.url, 302);
      } catch (error) {
        if (!wantsPage || !isAppError(error) || error.code !== 'LIVE_CHAT_OFF') throw error;
        return reply
          .status(404)
          .header('cache-control', 'no-store')
          .header('content-security-policy', LIVE_CHAT_PAGE_CSP)
          .type('text/html; charset=utf-8')
          .send(renderLiveChatOffPage(language));
      }
    },
  );
}
