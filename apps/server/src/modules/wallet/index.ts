/*
 * The wallet module's public face: the operations and reads other modules may use. Files
 * outside modules/wallet/ import only this file (modules/boundaries.test.ts checks it).
 */

export { collectFromUpline } from './collect-from-upline';
export { createHold } from './create-hold';
export { ensureMemberAccounts } from './ensure-member-accounts';
export { ensureMemberWallet } from './ensure-member-wallet';
export { type CheckedKeyedPosting, type FoldedKeyedPosting, foldKeyedPosting, foldKeyedPostingAfter } from './fold-keyed-posting';
export { getAccountBalance } from './get-account-balance';
export { getMemberBalances } from './get-member-balances';
export type { LedgerEntryInput, PostedTransfer } from './ledger-model';
export {
  accountAvailableMinorSql,
  accountOwnersRelation,
  availableCashSql,
  creditedUnderKey,
  findMemberCashAccountId,
  memberBalanceAfter,
} from './ledger-reads';
export { hashRequest } from './ledger-request';
export { type ExtraLedgerCheck, runLedgerVerifyCommand } from './ledger-verify-cli';
export type { LegLockRow, LockedLegs } from './leg-locks';
export { legLockQuery, lockedLegsOf } from './leg-locks';
export { countEntriesOfOwners, listEntriesOfOwners } from './list-entries-of-owners';
export { listMemberEntries } from './list-member-entries';
export { memberAccountsRelation } from './member-accounts-relation';
export { openAccount } from './open-account';
export type { BulkLeg } from './post-bulk-transfer';
export { postBulkTransfer } from './post-bulk-transfer';
export { postHold } from './post-hold';
export type { KeyedBulkLeg } from './post-keyed-bulk-transfer';
export { postKeyedBulkTransferInTransaction } from './post-keyed-bulk-transfer';
export { postKeyedMultiCounterInTransaction } from './post-keyed-multi-counter';
export { postTransfer, postTransferInTransaction } from './post-transfer';
export { readAccountCash, readAccountCashShared } from './read-account-cash';
export { AccountShapeCache } from './record-transfer';
export { reportLedgerFlowsRelation } from './report-ledger-flows';
export { reverseTransfer } from './reverse-transfer';
export { lockUplineFunds, openMemberAccounts, type UplineFunds } from './upline-funds';
export { voidHold } from './void-hold';
