import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import {
  CHAT_GUEST_HEADER,
  CHAT_IMAGE_MAX_BYTES,
  chatAfterQuery,
  chatImageParams,
  chatMessageResponse,
  chatReadBody,
  chatRoomResponse,
  guestResponse,
  LIVE_CHAT_PATHS,
  sendChatImageQuery,
  sendChatTextBody,
} from '@kismat/contracts/live-chat';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, bearerToken } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { LocalDiskStorage } from '../../platform/file-storage';
import { publicRateLimit } from '../../platform/rate-limit-keys';
import { defineRoutes } from '../../platform/route';
import { isLiveChatOn } from '../customer-service/index';
import { chatSocketAuthenticator } from './chat-socket';
import { issueGuestId, verifyGuestId } from './guest-id';
import { markChatRead, signalTyping } from './mark-chat-read';
import type { ChatVisitor } from './present-chat';
import { presentConversation, presentMessage } from './present-chat';
import { findChatImage, readChatRoom, requireOpenConversation } from './read-chat-room';
import { sendVisitorMessage, type VisitorMessageInput } from './send-visitor-message';

const tags = ['live-chat'];

/**
 * The chat room's calls for a member (bearer) or a visitor (the signed guest id in the
 * x-chat-guest header, from POST /wps/chat/guest). Refused with LIVE_CHAT_OFF while the
 * merchant's live chat is off. What the operator does arrives over /ws.
 */
export async function registerLiveChatRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Members and visitors alike: no bearer security documented.
  const route = defineRoutes(app, { tags, security: false });
  const storage = new LocalDiskStorage(path.resolve(root.config.DATA_DIR, 'uploads'));
  const deps = () => ({ db: root.db, realtime: root.realtime, now: root.now() });
  root.realtimeAuthenticators.push(chatSocketAuthenticator(root));

  /** Who is chatting: the member of the bearer, else the verified guest id; AUTH_REQUIRED otherwise. */
  async function visitorOf(request: FastifyRequest): Promise<ChatVisitor> {
    const merchant = request.merchant;
    if (!(await isLiveChatOn(root.db, merchant))) throw new AppError('LIVE_CHAT_OFF');
    if (bearerToken(request)) return { merchantId: merchant.id, memberId: (await authenticate(request)).member.id };
    const guestId = await verifyGuestId(root.db, merchant.id, request.headers[CHAT_GUEST_HEADER]);
    if (!guestId) throw new AppError('AUTH_REQUIRED');
    return { merchantId: merchant.id, guestId };
  }

  route.post(
    LIVE_CHAT_PATHS.guest,
    { summary: 'A signed guest id for a visitor', response: guestResponse, rateLimit: publicRateLimit('chatGuest') },
    async (request) => {
      if (!(await isLiveChatOn(root.db, request.merchant))) throw new AppError('LIVE_CHAT_OFF');
      return { guestId: await issueGuestId(root.db, request.merchant.id) };
    },
  );

  route.get(
    LIVE_CHAT_PATHS.conversation,
    {
      summary: 'The chat room: open conversation, operator online, messages after `after`',
      querystring: chatAfterQuery,
      response: chatRoomResponse,
    },
    async (request) => await readChatRoom(root.db, await visitorOf(request), request.query.after, root.now()),
  );

  const send = async (request: FastifyRequest, input: VisitorMessageInput) => {
    const result = await sendVisitorMessage(deps(), await visitorOf(request), input);
    return { message: presentMessage(result.message), conversation: presentConversation(result.conversation) };
  };

  route.post(
    LIVE_CHAT_PATHS.messages,
    { summary: 'Send a text message (idempotent by clientMessageId)', body: sendChatTextBody, response: chatMessageResponse },
    async (request) =>
      send(request, { kind: 'TEXT', text: request.body.text, clientMessageId: request.body.clientMessageId, language: request.language }),
  );

  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: { fileSize: CHAT_IMAGE_MAX_BYTES, files: 1, fields: 2 } });
    defineRoutes(uploads, { tags, security: false }).post(
      LIVE_CHAT_PATHS.images,
      {
        summary: 'Send an image (multipart field "file", png/jpg by its bytes, 2 MB)',
        querystring: sendChatImageQuery,
        response: chatMessageResponse,
      },
      async (request) => {
        if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
        const file = await request.file();
        if (!file) throw new AppError('CHAT_IMAGE_INVALID');
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch {
          throw new AppError('CHAT_IMAGE_INVALID');
        }
        return send(request, { kind: 'IMAGE', bytes, storage, clientMessageId: request.query.clientMessageId, language: request.language });
      },
    );
  });

  app.get(
    LIVE_CHAT_PATHS.image,
    { schema: { tags, summary: 'An image of the caller’s own chat', params: chatImageParams, produces: ['image/png', 'image/jpeg'] } },
    async (request, reply) => {
      const visitor = await visitorOf(request);
      const image = await findChatImage(root.db, { merchantId: visitor.merchantId, messageId: request.params.messageId, visitor });
      if (!image) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(await storage.read(image.storageKey));
    },
  );

  route.post(
    LIVE_CHAT_PATHS.read,
    { summary: 'Mark the conversation read up to seq', body: chatReadBody, response: z.any() },
    async (request) => {
      const conversation = await requireOpenConversation(root.db, await visitorOf(request));
      await markChatRead(deps(), conversation, 'VISITOR', request.body.seq);
      return null;
    },
  );

  route.post(
    LIVE_CHAT_PATHS.typing,
    { summary: 'The visitor is typing', response: z.any(), rateLimit: { max: 30, timeWindow: 10_000 } },
    async (request) => {
      const conversation = await requireOpenConversation(root.db, await visitorOf(request));
      await signalTyping(root.realtime, conversation, 'VISITOR');
      return null;
    },
  );
}
