/*
 * The session module's public face: the operations and reads other modules may use. Files
 * outside modules/session/ import only this file (modules/boundaries.test.ts checks it).
 */
// Login flows are called over HTTP only; what other modules need of a session (opening one,
// revoking, throttling) lives in member and platform.
export { sessionRoutes } from './routes';
