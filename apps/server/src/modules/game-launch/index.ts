/*
 * The game-launch module's public face: the operations and reads other modules may use. Files
 * outside modules/game-launch/ import only this file (modules/boundaries.test.ts checks it).
 */
export { listFrameOrigins } from './list-frame-origins';
