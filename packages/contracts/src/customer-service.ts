import { z } from 'zod';
import { envelopeOf } from './envelope';

/**
 * Customer-service relays (spec section 7): the member's unread inbox count (CSP_unreadCount, T),
 * the live-chat model list (CBS_modelList, N) and the chat launch (CBS_launchChat, N).
 * docs/decisions/0005-game-launch-fallback-relay.md.
 */
export const CUSTOMER_SERVICE_PATHS = {
  unreadCount: '/wps/relay/CSP_unreadCount',
  modelList: '/wps/relay/CBS_modelList',
  launchChat: '/wps/relay/CBS_launchChat',
} as const;

/** The member's unread inbox messages (the member centre's messageV2 badge). */
export const unreadCountResponse = envelopeOf(z.object({ count: z.number().int().min(0) }));

/** One live-chat desk the merchant configured (its active LIVECHAT customer-service entries). */
export const liveChatModel = z.object({
  modelId: z.string(),
  name: z.string(),
  /** Where the chat opens (the same encoded link as the customer-service entry: base64 of the URL). */
  path: z.string(),
});
export type LiveChatModel = z.infer<typeof liveChatModel>;

/** isEnabled false (the LIVECHAT module or the liveChatEnabled switch is off): chat is off, the list is empty. */
export const modelListResponse = envelopeOf(z.object({ isEnabled: z.boolean(), list: z.array(liveChatModel) }));

/** CBS_launchChat (N): which desk to open; none = the first desk of CBS_modelList. */
export const launchChatQuery = z.object({ modelId: z.string().trim().min(1).max(64).optional() });

/**
 * The live-chat desk to open: its URL (the merchant's configured external desk,
 * `liveChatDeskUrl`), or without one the site's own chat room (`/chat`, issue 18). A browser
 * navigation to the relay is redirected there; chat off or an unknown desk is `LIVE_CHAT_OFF`.
 * `isDemo` is always false (the built-in demo desk is gone); kept for clients that read it.
 */
export const launchChatResponse = envelopeOf(z.object({ modelId: z.string(), name: z.string(), url: z.string(), isDemo: z.boolean() }));
