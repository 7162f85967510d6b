/*
 * The security module's public face: the operations and reads other modules may use. Files
 * outside modules/security/ import only this file (modules/boundaries.test.ts checks it).
 */
export { isTrivialPaymentPassword } from './payment-password-rules';
export { matchTotp } from './totp';
