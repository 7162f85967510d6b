/*
 * The originals module's public face (issue 23): dice and mines, provably fair on the member's
 * slot seed pair, settled through the wallet ledger and recorded as in-house game rounds.
 * Files outside modules/originals/ import only this file (modules/boundaries.test.ts checks it).
 */
export { originalRoundKey } from './settle-round';
export { teenPattiTimeoutsJob } from './teen-patti-timeouts-job';
