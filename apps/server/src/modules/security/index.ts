/*
 * The security module's public face: the operations and reads other modules may use. Files
 * outside modules/security/ import only this file (modules/boundaries.test.ts checks it).
 */
export type { BankAccountRow } from './bank-account-queries';
export {
  findBankAccountById,
  findBankAccountsByIds,
  findConfirmedBankAccount,
  listBankAccounts,
  listConfirmedBankAccounts,
} from './bank-account-queries';
export { findBankAccountHolders, listBankAccountLinks } from './find-bank-account-holders';
export { listRecentBankAccountMembers } from './list-recent-bank-accounts';
export { generateTotpSecret, matchTotp } from './totp';
