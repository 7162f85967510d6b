import { z } from 'zod';
import { envelopeOf } from './envelope';

/**
 * Customer-service relays (spec section 7): the member's unread inbox count (CSP_unreadCount, T)
 * and the live-chat model list (CBS_modelList, N). docs/decisions/0005-game-launch-fallback-relay.md.
 */
export const CUSTOMER_SERVICE_PATHS = {
  unreadCount: '/wps/relay/CSP_unreadCount',
  modelList: '/wps/relay/CBS_modelList',
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
