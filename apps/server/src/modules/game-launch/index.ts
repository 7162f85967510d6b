/*
 * The game-launch module's public face: the operations and reads other modules may use. Files
 * outside modules/game-launch/ import only this file (modules/boundaries.test.ts checks it).
 */
// The frame origins are the vendor integrations' launch URLs (vendor-wallet's table); the launcher's face keeps the name.
export { listFrameOrigins } from '../vendor-wallet/index';
export { launchSessions } from './launch-sessions';
