/*
 * The messages module's public face: the operations and reads other modules may use. Files
 * outside modules/messages/ import only this file (modules/boundaries.test.ts checks it).
 */
export { findAnnouncementArt, findBannerArt } from './find-message-art';
export { FirstHomeBanners } from './first-home-banner';
export { seedMessages } from './seed-messages';
