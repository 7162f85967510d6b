/*
 * The inbox module's public face: the member inbox (messageV2, the agent centre's platform
 * messages). Other modules send a member a message inside their own transaction with
 * sendInboxMessage and push it after commit with pushInboxMessage. Files outside modules/inbox/
 * import only this file (modules/boundaries.test.ts checks it).
 */
export { type InboxAudiencePort, registerInboxAudience } from './audience-port';
export { countUnreadMessages } from './count-unread-messages';
export { deliverDueCampaigns, inboxCampaignsJob } from './deliver-campaigns';
export { type NotificationRow, pushInboxEvent, pushInboxMessage, type SendInboxMessageInput, sendInboxMessage } from './send-inbox-message';
