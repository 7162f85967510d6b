import type { WithdrawalConfirmation, WithdrawalStatus, WithdrawalValue } from '@kismat/contracts/cashier';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { bankAccounts } from '../../db/schema/accounts';
import { withdrawalRequests } from '../../db/schema/cashier';
import type { DbOrTx } from '../../platform/db';

export type WithdrawalRow = typeof withdrawalRequests.$inferSelect;
type BankAccountRow = typeof bankAccounts.$inferSelect;

export function maskAccountNumber(number: string): string {
  return `${'*'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`;
}

/** Received is what the member confirmed (all of it for a forced receipt); remaining is the rest of the payout. */
export function presentWithdrawal(
  row: WithdrawalRow,
  bank: Pick<BankAccountRow, 'bankName' | 'accountNumber'>,
  isMasked = true,
): WithdrawalValue {
  const received = row.receivedAmount ?? 0n;
  return {
    id: row.id,
    amount: formatAmount(row.amount),
    bankName: bank.bankName,
    accountNumber: isMasked ? maskAccountNumber(bank.accountNumber) : bank.accountNumber,
    status: row.status as WithdrawalStatus,
    confirmation: (row.confirmation as WithdrawalConfirmation | null) ?? null,
    receivedAmount: formatAmount(received),
    remainingAmount: formatAmount(row.status === 'rejected' ? 0n : row.amount - received),
    confirmDeadline: row.confirmDeadline?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** Amount and count of a member's withdrawals since `since` that still count against the daily limits (not rejected). */
export async function withdrawalUsageSince(db: DbOrTx, memberId: number, since: Date): Promise<{ amount: bigint; count: number }> {
  const [row] = await db
    .select({ amount: sql<string>`coalesce(sum(${withdrawalRequests.amount}), 0)::text`, count: sql<number>`count(*)::int` })
    .from(withdrawalRequests)
    .where(
      and(
        eq(withdrawalRequests.memberId, memberId),
        gte(withdrawalRequests.createdAt, since),
        inArray(withdrawalRequests.status, ['pending', 'approved']),
      ),
    );
  return { amount: BigInt(row?.amount ?? '0'), count: Number(row?.count ?? 0) };
}
