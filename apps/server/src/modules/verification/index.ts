/*
 * The verification module's public face: the operations and reads other modules may use. Files
 * outside modules/verification/ import only this file (modules/boundaries.test.ts checks it).
 */
export { sendAccountCode } from './account-codes';
export { answerNoLoginCode, codeSentAnswer, noLoginCodeRoute } from './code-sent-answer';
export { consumeVerificationCode } from './consume-verification-code';
export { normalizeEmail } from './send-bind-code';
export { sendVerificationCode } from './send-verification-code';
