/*
 * The session module's public face: the operations and reads other modules may use. Files
 * outside modules/session/ import only this file (modules/boundaries.test.ts checks it).
 */
