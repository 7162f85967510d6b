/*
 * The customer-service module's public face: the operations and reads other modules may use. Files
 * outside modules/customer-service/ import only this file (modules/boundaries.test.ts checks it).
 */
export { countUnreadMessages } from './count-unread-messages';
