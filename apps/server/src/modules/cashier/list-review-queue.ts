import { and, desc, eq, type SQL } from 'drizzle-orm';
import { cashierUploads, depositChannels, depositRequests, withdrawalRequests } from '../../db/schema/cashier';
import { merchants } from '../../db/schema/merchants';
import type { DbOrTx } from '../../platform/db';
import { usernameSql } from '../member/index';
import { findBankAccountsByIds } from '../security/index';
import { presentDeposit } from './deposit-queries';
import { presentWithdrawal } from './withdrawal-queries';

/*
 * The back office's review queue of deposits and withdrawals (reads only; the approvals are the
 * cashier operations). A merchant-scoped operator passes its merchant id and sees only its own.
 */

/** A queue filter: a status (default pending), an optional merchant code, the operator's own merchant if scoped. */
export interface ReviewQueueFilter {
  status?: string | undefined;
  merchantCode?: string | undefined;
  scopeMerchantId: number | null;
}

function queueWhere(table: typeof depositRequests | typeof withdrawalRequests, filter: ReviewQueueFilter): SQL | undefined {
  return and(
    eq(table.status, filter.status ?? 'pending'),
    filter.merchantCode ? eq(merchants.code, filter.merchantCode) : undefined,
    filter.scopeMerchantId === null ? undefined : eq(table.merchantId, filter.scopeMerchantId),
  );
}

async function loadDeposits(db: DbOrTx, where: SQL | undefined, limit: number) {
  const rows = await db
    .select({
      deposit: depositRequests,
      channel: depositChannels,
      merchantCode: merchants.code,
      username: usernameSql(depositRequests.memberId),
    })
    .from(depositRequests)
    .innerJoin(depositChannels, eq(depositChannels.id, depositRequests.channelId))
    .innerJoin(merchants, eq(merchants.id, depositRequests.merchantId))
    .where(where)
    .orderBy(desc(depositRequests.id))
    .limit(limit);
  return rows.map((row) => ({
    ...presentDeposit(row.deposit, row.channel, 'EN'),
    merchantCode: row.merchantCode,
    memberId: row.deposit.memberId,
    username: row.username,
  }));
}

async function loadWithdrawals(db: DbOrTx, where: SQL | undefined, limit: number) {
  const rows = await db
    .select({ withdrawal: withdrawalRequests, merchantCode: merchants.code, username: usernameSql(withdrawalRequests.memberId) })
    .from(withdrawalRequests)
    .innerJoin(merchants, eq(merchants.id, withdrawalRequests.merchantId))
    .where(where)
    .orderBy(desc(withdrawalRequests.id))
    .limit(limit);
  const banks = await findBankAccountsByIds(
    db,
    rows.map((row) => row.withdrawal.bankAccountId),
  );
  // The operator disburses to this account, so it sees the full number.
  return rows.flatMap((row) => {
    const bank = banks.get(row.withdrawal.bankAccountId);
    if (!bank) return [];
    return [
      {
        ...presentWithdrawal(row.withdrawal, bank, false),
        merchantCode: row.merchantCode,
        memberId: row.withdrawal.memberId,
        username: row.username,
        accountName: bank.accountName,
      },
    ];
  });
}

/** Deposits of the queue, newest first. */
export function listQueueDeposits(db: DbOrTx, filter: ReviewQueueFilter, limit: number) {
  return loadDeposits(db, queueWhere(depositRequests, filter), limit);
}

/** Withdrawals of the queue, newest first. */
export function listQueueWithdrawals(db: DbOrTx, filter: ReviewQueueFilter, limit: number) {
  return loadWithdrawals(db, queueWhere(withdrawalRequests, filter), limit);
}

/** One deposit as the queue lists it (undefined when none). */
export async function findQueueDeposit(db: DbOrTx, id: number) {
  const [row] = await loadDeposits(db, eq(depositRequests.id, id), 1);
  return row;
}

/** One withdrawal as the queue lists it (undefined when none). */
export async function findQueueWithdrawal(db: DbOrTx, id: number) {
  const [row] = await loadWithdrawals(db, eq(withdrawalRequests.id, id), 1);
  return row;
}

/** What a review needs before it runs: the request's merchant (the operator's scope), member and status. */
export async function findReviewTarget(
  db: DbOrTx,
  type: 'deposit' | 'withdrawal',
  id: number,
): Promise<{ merchantId: number; memberId: number; status: string } | undefined> {
  const table = type === 'deposit' ? depositRequests : withdrawalRequests;
  const [target] = await db
    .select({ merchantId: table.merchantId, memberId: table.memberId, status: table.status })
    .from(table)
    .where(eq(table.id, id));
  return target;
}

/** A deposit's proof upload (its storage key and type) and the deposit's merchant, for the operator's scope check. */
export async function findDepositProof(
  db: DbOrTx,
  depositId: number,
): Promise<{ merchantId: number; storageKey: string; contentType: string } | undefined> {
  const [row] = await db
    .select({ merchantId: depositRequests.merchantId, upload: cashierUploads })
    .from(depositRequests)
    .innerJoin(cashierUploads, eq(cashierUploads.id, depositRequests.proofUploadId))
    .where(eq(depositRequests.id, depositId));
  return row ? { merchantId: row.merchantId, storageKey: row.upload.storageKey, contentType: row.upload.contentType } : undefined;
}
