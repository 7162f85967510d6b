/*
 * The session module's public face: the operations and reads other modules may use. Files
 * outside modules/session/ import only this file (modules/boundaries.test.ts checks it).
 */
export { clearAccountFailures } from './login-failures';
export type { FailureStore } from './login-throttle';
export { checkLoginThrottle, clearLoginFailures, NO_FAILURES, recordLoginFailure, throttleSettingsOf } from './login-throttle';
export type { OpenedSession } from './open-member-session';
export { openMemberSession } from './open-member-session';
export { setRefreshCookie } from './refresh-cookie';
export { revokeMemberSessions } from './revoke-sessions';
