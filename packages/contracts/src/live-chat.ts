import { z } from 'zod';
import { envelopeOf } from './envelope';
import { recordIdParam } from './ids';

/**
 * The live chat room (issue 18; spec: chat room, CBS_launchChat): a member, or a visitor known by
 * a signed guest id, talks with the merchant's support operators. Calls go over HTTP; what the
 * other side does arrives over /ws (`chat.*` messages). docs/live-chat.md.
 */
export const LIVE_CHAT_PATHS = {
  guest: '/wps/chat/guest',
  conversation: '/wps/chat/conversation',
  messages: '/wps/chat/messages',
  images: '/wps/chat/images',
  image: '/wps/chat/images/:messageId',
  read: '/wps/chat/read',
  typing: '/wps/chat/typing',
} as const;

export const OPERATOR_LIVE_CHAT_PATHS = {
  conversations: '/admin-api/merchants/:code/live-chat/conversations',
  messages: '/admin-api/merchants/:code/live-chat/conversations/:id/messages',
  take: '/admin-api/merchants/:code/live-chat/conversations/:id/take',
  transfer: '/admin-api/merchants/:code/live-chat/conversations/:id/transfer',
  close: '/admin-api/merchants/:code/live-chat/conversations/:id/close',
  read: '/admin-api/merchants/:code/live-chat/conversations/:id/read',
  typing: '/admin-api/merchants/:code/live-chat/conversations/:id/typing',
  context: '/admin-api/merchants/:code/live-chat/conversations/:id/context',
  image: '/admin-api/merchants/:code/live-chat/images/:messageId',
  transcripts: '/admin-api/merchants/:code/live-chat/transcripts',
  canned: '/admin-api/merchants/:code/live-chat/canned-answers',
  cannedOne: '/admin-api/merchants/:code/live-chat/canned-answers/:id',
  operators: '/admin-api/merchants/:code/live-chat/operators',
} as const;

/** The header a visitor's calls carry its signed guest id in. */
export const CHAT_GUEST_HEADER = 'x-chat-guest';
/** Longest text message, in characters. */
export const CHAT_TEXT_MAX = 2000;
/** Largest image, in bytes (png or jpg only, checked by its first bytes). */
export const CHAT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Messages a member or visitor may send per window (RATE_LIMITED past it). */
export const CHAT_RATE_LIMIT = { messages: 10, windowSeconds: 10 } as const;

export const CHAT_STATUSES = ['WAITING', 'OPEN', 'CLOSED'] as const;
export const CHAT_SENDERS = ['MEMBER', 'GUEST', 'OPERATOR', 'SYSTEM'] as const;

export const chatMessageValue = z.object({
  id: z.number(),
  conversationId: z.number(),
  seq: z.number(),
  sender: z.enum(CHAT_SENDERS),
  senderName: z.string().nullable(),
  kind: z.enum(['TEXT', 'IMAGE']),
  /** Plain text: shown as text, never as HTML. */
  body: z.string(),
  clientMessageId: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessageValue = z.infer<typeof chatMessageValue>;

export const chatConversationValue = z.object({
  id: z.number(),
  status: z.enum(CHAT_STATUSES),
  assignedOperator: z.string().nullable(),
  lastSeq: z.number(),
  visitorReadSeq: z.number(),
  operatorReadSeq: z.number(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
});
export type ChatConversationValue = z.infer<typeof chatConversationValue>;

/** The visitor's room: the open conversation (null before the first message), whether an operator is online, the messages after `after`. */
export const chatRoomValue = z.object({
  conversation: chatConversationValue.nullable(),
  isOperatorOnline: z.boolean(),
  messages: z.array(chatMessageValue),
});
export const chatRoomResponse = envelopeOf(chatRoomValue);
export const chatAfterQuery = z.object({ after: z.coerce.number().int().min(0).max(2_147_483_647).default(0) });
export const guestResponse = envelopeOf(z.object({ guestId: z.string() }));

const clientMessageId = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
export const sendChatTextBody = z.object({ clientMessageId, text: z.string().max(CHAT_TEXT_MAX * 2) });
export const sendChatImageQuery = z.object({ clientMessageId });
export const chatMessageResponse = envelopeOf(z.object({ message: chatMessageValue, conversation: chatConversationValue }));
export const chatReadBody = z.object({ seq: z.number().int().min(0).max(2_147_483_647) });
export const chatImageParams = z.object({ messageId: recordIdParam });

// The operator console.
export const operatorChatParams = z.object({ code: z.string(), id: recordIdParam });
export const operatorChatImageParams = z.object({ code: z.string(), messageId: recordIdParam });
export const operatorConversationRow = chatConversationValue.extend({
  memberId: z.number().nullable(),
  username: z.string().nullable(),
  guestId: z.string().nullable(),
  language: z.string(),
  lastBody: z.string().nullable(),
  unread: z.number(),
});
export type OperatorConversationRow = z.infer<typeof operatorConversationRow>;
export const operatorQueueQuery = z.object({ status: z.enum(['ACTIVE', 'WAITING', 'OPEN', 'CLOSED']).default('ACTIVE') });
export const operatorQueueResponse = envelopeOf(z.object({ list: z.array(operatorConversationRow) }));
export const operatorChatMessagesResponse = envelopeOf(
  z.object({ conversation: operatorConversationRow, messages: z.array(chatMessageValue) }),
);
export const operatorTransferBody = z.object({ operator: z.string().trim().min(1).max(40) });
export const transcriptQuery = z.object({
  member: z.string().trim().max(40).optional(),
  text: z.string().trim().max(100).optional(),
  from: z.string().date().optional(),
  to: z.string().date().optional(),
});
export const transcriptHit = chatMessageValue.extend({ username: z.string().nullable(), guestId: z.string().nullable() });
export const transcriptResponse = envelopeOf(z.object({ list: z.array(transcriptHit) }));
export const cannedAnswer = z.object({ id: z.number(), title: z.string(), body: z.string() });
export const cannedAnswerBody = z.object({ title: z.string().trim().min(1).max(60), body: z.string().trim().min(1).max(CHAT_TEXT_MAX) });
export const cannedAnswersResponse = envelopeOf(z.object({ list: z.array(cannedAnswer) }));
export const cannedIdParams = z.object({ code: z.string(), id: recordIdParam });
export const chatOperatorsResponse = envelopeOf(z.object({ list: z.array(z.object({ username: z.string(), isOnline: z.boolean() })) }));

/** What support sees beside a member's chat (read through the owning modules). */
export const memberChatContext = z.object({
  memberId: z.number(),
  username: z.string(),
  vipLevel: z.number().nullable(),
  balance: z.string(),
  deposits: z.array(z.object({ id: z.number(), amount: z.string(), status: z.string(), createdAt: z.string() })),
  withdrawals: z.array(z.object({ id: z.number(), amount: z.string(), status: z.string(), createdAt: z.string() })),
  openTurnover: z.string(),
  limits: z.array(z.object({ kind: z.string(), period: z.string(), amount: z.string() })),
  rounds: z.array(z.object({ game: z.string(), bet: z.string(), win: z.string(), at: z.string() })),
});
export type MemberChatContext = z.infer<typeof memberChatContext>;
export const memberChatContextResponse = envelopeOf(memberChatContext.nullable());

/** The /ws messages of the chat (to the visitor's sockets and to the merchant's operators'). */
export type ChatRealtimeMessage =
  | { type: 'chat.message'; conversationId: number; message: ChatMessageValue }
  | { type: 'chat.typing'; conversationId: number; from: 'VISITOR' | 'OPERATOR' }
  | { type: 'chat.read'; conversationId: number; by: 'VISITOR' | 'OPERATOR'; seq: number }
  | { type: 'chat.assigned'; conversationId: number; status: (typeof CHAT_STATUSES)[number]; operator: string | null };
