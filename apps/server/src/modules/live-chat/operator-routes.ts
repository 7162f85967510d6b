import path from 'node:path';
import {
  cannedAnswerBody,
  cannedAnswersResponse,
  cannedIdParams,
  chatAfterQuery,
  chatMessageResponse,
  chatOperatorsResponse,
  chatReadBody,
  memberChatContextResponse,
  OPERATOR_LIVE_CHAT_PATHS,
  operatorChatImageParams,
  operatorChatMessagesResponse,
  operatorChatParams,
  operatorQueueQuery,
  operatorQueueResponse,
  operatorTransferBody,
  sendChatTextBody,
  transcriptQuery,
  transcriptResponse,
} from '@kismat/contracts/live-chat';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { LocalDiskStorage } from '../../platform/file-storage';
import { currentOperator, operatorGuard, scopedMerchantByCode } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { bearerSecurity as security } from '../../platform/route-docs';
import { listMerchantOperators } from '../operator/index';
import { deleteCannedAnswer, listCannedAnswers, saveCannedAnswer } from './canned-answers';
import { listConversations, readConversationForOperator, searchTranscripts } from './list-conversations';
import { type ConversationAction, manageConversation } from './manage-conversation';
import { markChatRead, signalTyping } from './mark-chat-read';
import { listOnlineOperators } from './operator-presence';
import { presentConversation, presentMessage } from './present-chat';
import { findChatImage } from './read-chat-room';
import { readMemberChatContext } from './read-member-context';
import type { ChatOperator } from './send-operator-message';
import { sendOperatorMessage } from './send-operator-message';

const tags = ['operator'];
const codeParams = z.object({ code: z.string() });

/**
 * The support console's calls under /admin-api/merchants/:code/live-chat (every role may chat).
 * The merchant is checked against the operator's scope first: another merchant's operator gets
 * NOT_FOUND for everything, and its /ws console never hears this merchant's chats.
 */
export async function registerOperatorLiveChatRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const storage = new LocalDiskStorage(path.resolve(root.config.DATA_DIR, 'uploads'));
  const deps = () => ({ db: root.db, realtime: root.realtime, now: root.now() });
  const read = operatorGuard('read');
  const route = defineRoutes(app, { tags, guard: read });

  async function operatorOf(request: FastifyRequest, code: string): Promise<ChatOperator> {
    const merchant = await scopedMerchantByCode(request, code);
    return { merchantId: merchant.id, username: currentOperator(request).username };
  }

  route.get(
    OPERATOR_LIVE_CHAT_PATHS.conversations,
    { summary: 'Live chat queue', querystring: operatorQueueQuery, params: codeParams, response: operatorQueueResponse },
    async (request) => {
      const operator = await operatorOf(request, request.params.code);
      return { list: await listConversations(root.db, operator.merchantId, request.query.status) };
    },
  );

  route.get(
    OPERATOR_LIVE_CHAT_PATHS.messages,
    {
      summary: 'A conversation and its messages after `after`',
      querystring: chatAfterQuery,
      params: operatorChatParams,
      response: operatorChatMessagesResponse,
    },
    async (request) => {
      const operator = await operatorOf(request, request.params.code);
      const { conversation, messages } = await readConversationForOperator(
        root.db,
        operator.merchantId,
        request.params.id,
        request.query.after,
      );
      return { conversation, messages };
    },
  );

  route.post(
    OPERATOR_LIVE_CHAT_PATHS.messages,
    {
      summary: 'Answer (idempotent by clientMessageId)',
      params: operatorChatParams,
      body: sendChatTextBody,
      response: chatMessageResponse,
    },
    async (request) => {
      const operator = await operatorOf(request, request.params.code);
      const result = await sendOperatorMessage(deps(), operator, { conversationId: request.params.id, ...request.body });
      return { message: presentMessage(result.message), conversation: presentConversation(result.conversation) };
    },
  );

  const action = (url: string, summary: string, toAction: (request: FastifyRequest) => ConversationAction, body?: z.ZodType) =>
    route.post(url, { summary, params: operatorChatParams, body, response: z.any() }, async (request) => {
      const params = request.params as { code: string; id: number };
      const operator = await operatorOf(request, params.code);
      return presentConversation(await manageConversation(deps(), operator, params.id, toAction(request)));
    });
  action(OPERATOR_LIVE_CHAT_PATHS.take, 'Take a chat', () => ({ type: 'take' }));
  action(OPERATOR_LIVE_CHAT_PATHS.close, 'Close a chat', () => ({ type: 'close' }));
  action(
    OPERATOR_LIVE_CHAT_PATHS.transfer,
    'Transfer a chat to another operator',
    (request) => ({ type: 'transfer', to: (request.body as { operator: string }).operator }),
    operatorTransferBody,
  );

  route.post(
    OPERATOR_LIVE_CHAT_PATHS.read,
    { summary: 'Mark read up to seq', params: operatorChatParams, body: chatReadBody, response: z.any() },
    async (request) => {
      const operator = await operatorOf(request, request.params.code);
      const { row } = await readConversationForOperator(root.db, operator.merchantId, request.params.id, null);
      await markChatRead(deps(), row, 'OPERATOR', request.body.seq);
      return null;
    },
  );

  route.post(
    OPERATOR_LIVE_CHAT_PATHS.typing,
    { summary: 'The operator is typing', params: operatorChatParams, response: z.any() },
    async (request) => {
      const operator = await operatorOf(request, request.params.code);
      const { row } = await readConversationForOperator(root.db, operator.merchantId, request.params.id, null);
      await signalTyping(root.realtime, row, 'OPERATOR');
      return null;
    },
  );

  route.get(
    OPERATOR_LIVE_CHAT_PATHS.context,
    { summary: "The member's context beside the chat", params: operatorChatParams, response: memberChatContextResponse },
    async (request) => {
      const operator = await operatorOf(request, request.params.code);
      const { row } = await readConversationForOperator(root.db, operator.merchantId, request.params.id, null);
      return row.memberId === null ? null : await readMemberChatContext(root.db, operator.merchantId, row.memberId);
    },
  );

  app.get(
    OPERATOR_LIVE_CHAT_PATHS.image,
    {
      onRequest: read,
      schema: { tags, security, summary: 'A chat image', params: operatorChatImageParams, produces: ['image/png', 'image/jpeg'] },
    },
    async (request, reply) => {
      const operator = await operatorOf(request, request.params.code);
      const image = await findChatImage(root.db, { merchantId: operator.merchantId, messageId: request.params.messageId });
      if (!image) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .send(await storage.read(image.storageKey));
    },
  );

  route.get(
    OPERATOR_LIVE_CHAT_PATHS.transcripts,
    { summary: 'Search transcripts by member, text, day', querystring: transcriptQuery, params: codeParams, response: transcriptResponse },
    async (request) => {
      const operator = await operatorOf(request, request.params.code);
      return { list: await searchTranscripts(root.db, operator.merchantId, request.query) };
    },
  );

  route.get(
    OPERATOR_LIVE_CHAT_PATHS.canned,
    { summary: 'Canned answers', params: codeParams, response: cannedAnswersResponse },
    async (request) => {
      const operator = await operatorOf(request, request.params.code);
      return { list: await listCannedAnswers(root.db, operator.merchantId) };
    },
  );

  route.post(
    OPERATOR_LIVE_CHAT_PATHS.canned,
    { summary: 'Add or replace a canned answer', params: codeParams, body: cannedAnswerBody, response: z.any() },
    async (request) => {
      const operator = await operatorOf(request, request.params.code);
      return await saveCannedAnswer(root.db, operator.merchantId, request.body);
    },
  );

  route.delete(
    OPERATOR_LIVE_CHAT_PATHS.cannedOne,
    { summary: 'Delete a canned answer', params: cannedIdParams, response: z.any() },
    async (request) => {
      const operator = await operatorOf(request, request.params.code);
      await deleteCannedAnswer(root.db, operator.merchantId, request.params.id);
      return null;
    },
  );

  route.get(
    OPERATOR_LIVE_CHAT_PATHS.operators,
    { summary: 'Operators to transfer to, and who is online', params: codeParams, response: chatOperatorsResponse },
    async (request) => {
      const operator = await operatorOf(request, request.params.code);
      const online = new Set(await listOnlineOperators(root.db, operator.merchantId, root.now()));
      const list = await listMerchantOperators(root.db, operator.merchantId);
      return { list: list.map((row) => ({ username: row.username, isOnline: online.has(row.username) })) };
    },
  );
}
