/*
 * The customer-service module's public face: the operations and reads other modules may use. Files
 * outside modules/customer-service/ import only this file (modules/boundaries.test.ts checks it).
 */
// The inbox (member_notifications) is modules/inbox's table; its unread count is read through the inbox's face.
export { countUnreadMessages } from '../inbox/index';
export { isLiveChatOn } from './list-live-chat-models';
